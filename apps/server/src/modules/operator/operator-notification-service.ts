import type { OperatorBroadcast, OperatorBroadcastInput, OperatorNotificationInput } from '@studio/contract/operator';
import type { Jobs } from '../../jobs/jobs';
import type { Db } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findUserByLogin } from '../members/member-repository';
import { notify } from '../notifications/notification-producer';
import { recordOperatorAction } from './audit-repository';
import { BROADCAST_QUEUE, type BroadcastJob } from './broadcast-job';
import { broadcastRepository, insertBroadcast } from './broadcast-repository';

type BroadcastRow = NonNullable<Awaited<ReturnType<ReturnType<typeof broadcastRepository>['find']>>>;

const present = (row: BroadcastRow): OperatorBroadcast => ({
  broadcastId: row.id,
  message: row.message,
  landingUrl: row.landing_url,
  delivered: row.delivered,
  createdAt: row.created_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

/** Operator notifications: no channel (the studio operator sent them), the operator's own text. */
export function operatorNotificationService(db: Db, jobs: Jobs) {
  const broadcasts = broadcastRepository(db);
  return {
    /** Each call is a new message: sending the same text twice sends it twice, as asked. */
    /** Answers a null id when the person switched off operator notifications (the audit row says so too). */
    async sendToAccount(operatorId: number, input: OperatorNotificationInput, now: Date): Promise<{ notificationId: number | null }> {
      const target = await findUserByLogin(db, input.login);
      if (!target) throw new AppError('ACCOUNT_NOT_FOUND', undefined, { login: input.login });
      return db.transaction().execute(async (trx) => {
        const landingUrl = input.landingUrl ?? null;
        const [written] = await notify(trx, { to: target.id, channel: null, type: 'OPERATOR_MESSAGE', message: input.message, landingUrl, at: now });
        const notificationId = written ?? null;
        await recordOperatorAction(trx, {
          operatorId,
          action: 'NOTIFICATION_SEND',
          objectType: 'USER',
          objectId: target.id,
          before: null,
          after: { notificationId, login: target.login, message: input.message, landingUrl },
          at: now,
        });
        return { notificationId };
      });
    },

    /**
     * To every studio user: the request writes the broadcast, its audit row and its job in one
     * transaction and answers; the job writes the notifications in batches.
     */
    async broadcast(operatorId: number, input: OperatorBroadcastInput, now: Date): Promise<{ broadcastId: number }> {
      return db.transaction().execute(async (trx) => {
        const landingUrl = input.landingUrl ?? null;
        const broadcastId = await insertBroadcast(trx, { operatorId, message: input.message, landingUrl, at: now });
        await recordOperatorAction(trx, {
          operatorId,
          action: 'NOTIFICATION_BROADCAST',
          objectType: 'BROADCAST',
          objectId: broadcastId,
          before: null,
          after: { message: input.message, landingUrl, audience: 'ALL_STUDIO_USERS' },
          at: now,
        });
        await jobs.send(BROADCAST_QUEUE, { broadcastId } satisfies BroadcastJob, { tx: trx });
        return { broadcastId };
      });
    },

    /** The latest broadcasts and their progress, newest first. */
    async latestBroadcasts(limit: number): Promise<OperatorBroadcast[]> {
      return (await broadcasts.latest(limit)).map(present);
    },

    /** One broadcast and its progress. */
    async broadcastProgress(id: number): Promise<OperatorBroadcast> {
      const row = await broadcasts.find(id);
      if (!row) throw new AppError('NOT_FOUND', undefined, { resource: 'broadcast' });
      return present(row);
    },
  };
}
