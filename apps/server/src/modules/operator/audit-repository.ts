import { sql, type Transaction } from 'kysely';
import { OPERATOR_LIST_COUNT_CAP } from '@studio/contract/operator';
import type { Database, Db } from '../../db/schema';

type Executor = Db | Transaction<Database>;

/** A JSON snapshot of the object (only what the action changed or decided on; never secrets). */
export type AuditSnapshot = Record<string, unknown> | null;

export type OperatorAction = {
  /** The operator's user id (`request.user.id`). */
  operatorId: number;
  /** What was done, upper snake case: `CHANNEL_STATUS_CHANGE`, `APPLICATION_APPROVE`, ... */
  action: string;
  /** What it was done to, upper snake case: `CHANNEL`, `NOTICE`, `APPLICATION`, `USER`, ... */
  objectType: string;
  objectId: number | string;
  before: AuditSnapshot;
  after: AuditSnapshot;
  at: Date;
};

const NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * Records one operator action. Call it inside the transaction of the change it
 * records (`tx`), after the change is known to have happened, so the log holds
 * exactly the actions that took effect.
 */
export async function recordOperatorAction(tx: Executor, entry: OperatorAction): Promise<number> {
  if (!NAME.test(entry.action) || entry.action.length > 64) throw new Error(`operator audit: bad action ${entry.action}`);
  if (!NAME.test(entry.objectType) || entry.objectType.length > 32) throw new Error(`operator audit: bad object type ${entry.objectType}`);
  const row = await tx
    .insertInto('operator_audit')
    .values({
      operator_id: entry.operatorId,
      action: entry.action,
      object_type: entry.objectType,
      object_id: String(entry.objectId),
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
      at: entry.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type AuditFilter = { operatorId?: number; action?: string; objectType?: string; objectId?: string };


export function auditRepository(db: Db) {
  const filtered = (filter: AuditFilter) => {
    let query = db.selectFrom('operator_audit');
    if (filter.operatorId !== undefined) query = query.where('operator_audit.operator_id', '=', filter.operatorId);
    if (filter.action !== undefined) query = query.where('operator_audit.action', '=', filter.action);
    if (filter.objectType !== undefined) query = query.where('operator_audit.object_type', '=', filter.objectType);
    if (filter.objectId !== undefined) query = query.where('operator_audit.object_id', '=', filter.objectId);
    return query;
  };

  return {
    /** Newest first; the total is counted up to OPERATOR_LIST_COUNT_CAP, and one row more than the page says whether more follow. */
    async page(filter: AuditFilter, page: number, size: number) {
      const [rows, total] = await Promise.all([
        filtered(filter)
          .leftJoin('users', 'users.id', 'operator_audit.operator_id')
          .select([
            'operator_audit.id',
            'operator_audit.operator_id',
            'users.login',
            'users.name',
            'operator_audit.action',
            'operator_audit.object_type',
            'operator_audit.object_id',
            'operator_audit.before',
            'operator_audit.after',
            'operator_audit.at',
            // What the object is called now, for the kinds that have a name (a removed one has none here).
            sql<string | null>`CASE operator_audit.object_type
              WHEN 'CHANNEL' THEN (SELECT c.name FROM channels c WHERE c.id = operator_audit.object_id::bigint)
              WHEN 'NOTICE' THEN (SELECT n.title FROM notices n WHERE n.id = operator_audit.object_id::bigint)
              WHEN 'APPLICATION' THEN (SELECT a.channel_name FROM channel_applications a WHERE a.id = operator_audit.object_id::bigint)
              WHEN 'USER' THEN (SELECT u.name || ' (' || u.login || ')' FROM users u WHERE u.id = operator_audit.object_id::bigint)
            END`.as('object_name'),
          ])
          .orderBy('operator_audit.at', 'desc')
          .orderBy('operator_audit.id', 'desc')
          .limit(size + 1)
          .offset(page * size)
          .execute(),
        db
          .selectFrom(filtered(filter).select('operator_audit.id').limit(OPERATOR_LIST_COUNT_CAP).as('capped'))
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },
  };
}
