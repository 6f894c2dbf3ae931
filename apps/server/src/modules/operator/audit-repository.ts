import type { Transaction } from 'kysely';
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
