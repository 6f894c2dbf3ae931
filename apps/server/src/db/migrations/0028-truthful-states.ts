import { sql, type Kysely } from 'kysely';

/**
 * Issue 25, point 3 (truthful states): a loop keeps the name of the file it was uploaded from, so
 * the person's list tells two failed uploads apart (at most 255 characters, what file systems allow;
 * longer names are shortened when the upload opens), and an operator's change to a channel's status
 * or create options is told to its crew like every other change (CHANNEL_SERVICE_CHANGED). The type
 * check is redefined with the union of every type (packages/contract/src/notification.ts), as 0024 did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE loops ADD COLUMN file_name text CHECK (char_length(file_name) BETWEEN 1 AND 255);

    ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
      'INVITE_RECEIVED', 'INVITE_ACCEPTED', 'INVITE_DECLINED', 'INVITE_CANCELLED', 'INVITE_EXPIRED',
      'TRANSFER_REQUESTED', 'TRANSFER_ACCEPTED', 'TRANSFER_DECLINED', 'TRANSFER_EXPIRED',
      'MEMBER_ADDED', 'MEMBER_REMOVED', 'MEMBER_LEFT',
      'APPLICATION_REVIEW', 'APPLICATION_APPROVED', 'APPLICATION_REJECTED',
      'LIVE_STARTED', 'LIVE_ENDED', 'LIVE_INTERRUPTED', 'LIVE_AUTO_CLOSED',
      'CONTENT_PUBLISHED', 'RESERVATION_FAILED', 'LOOP_PROCESSED', 'LOOP_FAILED',
      'OPERATOR_MESSAGE', 'CHANNEL_PROFILE_CHANGED', 'CHANNEL_SERVICE_CHANGED'));
  `.execute(db);
}
