import { sql, type Kysely } from 'kysely';

/**
 * Every notification type the studio produces, in one list. Features landed from parallel branches
 * (0006, 0007, 0009, 0010, 0012), each redefining this check with the types it knew; this one runs
 * after them all and holds the union (packages/contract/src/notification.ts, NotificationType).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
      'INVITE_RECEIVED', 'INVITE_ACCEPTED', 'INVITE_DECLINED', 'INVITE_CANCELLED', 'INVITE_EXPIRED',
      'TRANSFER_REQUESTED', 'TRANSFER_ACCEPTED', 'TRANSFER_DECLINED', 'TRANSFER_EXPIRED',
      'MEMBER_ADDED', 'MEMBER_REMOVED', 'MEMBER_LEFT',
      'APPLICATION_REVIEW', 'APPLICATION_APPROVED', 'APPLICATION_REJECTED',
      'LIVE_STARTED', 'LIVE_ENDED', 'LIVE_INTERRUPTED', 'LIVE_AUTO_CLOSED',
      'CONTENT_PUBLISHED', 'RESERVATION_FAILED', 'LOOP_PROCESSED', 'LOOP_FAILED',
      'OPERATOR_MESSAGE'));
  `.execute(db);
}
