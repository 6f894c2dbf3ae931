import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery, type DatabaseConnection, type Driver } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pageWithTotal, totalUpTo } from './paged';
import type { Database } from './schema';

/** A database that answers every statement with the given rows and keeps the statements' text. */
function fakeDb(rows: Record<string, unknown>[]) {
  const statements: string[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery) => {
      statements.push(query.sql);
      return { rows: rows as R[] };
    },
    streamQuery: () => {
      throw new Error('no statement here streams');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, statements };
}

describe('pageWithTotal', () => {
  it('asks for the capped total and the page in one statement, the page ordered again outside the join', async () => {
    const { db, statements } = fakeDb([]);
    const matching = db.selectFrom('notices').where('category', '=', 'STUDIO');
    await pageWithTotal(db, totalUpTo(db, matching.select('id'), 100), matching.select(['id', 'title']).orderBy('id', 'desc').limit(3), [['id', 'desc'], ['title']]);
    expect(statements).toEqual([
      'select "t"."total", "r".* from (select count(*)::int as "total" from (select "id" from "notices" where "category" = $1 limit 100) as "capped") as "t" ' +
        'left join lateral (select "id", "title" from "notices" where "category" = $2 order by "id" desc limit $3) as "r" on true order by "r"."id" desc, "r"."title"',
    ]);
  });

  it('answers the rows without the total, and a page past the end as no rows that still carries its total', async () => {
    const query = (db: Kysely<Database>) =>
      pageWithTotal(db, db.selectNoFrom((eb) => eb.val(2).as('total')), db.selectFrom('notices').select(['id', 'title']), [['id']]);
    const found = fakeDb([
      { total: 2, id: 1, title: 'a' },
      { total: 2, id: 2, title: 'b' },
    ]);
    expect(await query(found.db)).toEqual({ rows: [{ id: 1, title: 'a' }, { id: 2, title: 'b' }], total: 2 });
    const pastTheEnd = fakeDb([{ total: 2, id: null, title: null }]);
    expect(await query(pastTheEnd.db)).toEqual({ rows: [], total: 2 });
    expect(await query(fakeDb([]).db)).toEqual({ rows: [], total: 0 });
  });
});
