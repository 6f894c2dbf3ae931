import { sql, type AliasableExpression, type OrderByDirection, type SelectQueryBuilder } from 'kysely';
import { literalCount } from './literal';
import { PLANNED_EACH_TIME } from './prepared-statements';
import type { Db } from './schema';

/** The order of a page's rows, repeated on the joined output: the join does not keep the page's own order. */
export type PageOrder<Row> = readonly (readonly [column: keyof Row & string, direction?: OrderByDirection])[];

/**
 * A list's total and one page of it in one statement (one round trip): `total` is a one-row query
 * with a `total` column; the page is joined beside it LATERAL, so a page past the end still carries
 * its total (the join then yields one row of nulls, dropped here). `rows` is the page as the caller
 * cuts it (a LIMIT, often one more than the page size to tell the last page), ordered again by
 * `order` on its output columns. `plannedEachTime` sends the statement unnamed, planned with its
 * values on every call: for a filter whose best plan depends on the value (a title search).
 */
export async function pageWithTotal<Row extends { id: unknown }>(
  db: Db,
  total: AliasableExpression<{ total: number }>,
  rows: AliasableExpression<Row>,
  order: PageOrder<Row>,
  options: { plannedEachTime?: boolean } = {},
): Promise<{ rows: Row[]; total: number }> {
  let query = db
    .selectFrom(total.as('t'))
    .leftJoinLateral(() => rows.as('r'), (join) => join.onTrue())
    .select('t.total')
    .selectAll('r');
  for (const [column, direction] of order) query = query.orderBy(sql.ref(`r.${column}`), direction);
  if (options.plannedEachTime) query = query.modifyEnd(sql.raw(PLANNED_EACH_TIME));
  const found = await query.execute();
  const page = found.map(({ total: _total, ...row }) => row as unknown as Row);
  return { rows: page.filter((row) => row.id !== null), total: Number(found[0]?.total ?? 0) };
}

/** A total counted up to `cap` rows and no further: the count never walks an unbounded history. */
export function totalUpTo<DB, TB extends keyof DB, O>(db: Db, matching: SelectQueryBuilder<DB, TB, O>, cap: number) {
  return db.selectFrom(matching.limit(literalCount(cap)).as('capped')).select(sql<number>`count(*)::int`.as('total'));
}
