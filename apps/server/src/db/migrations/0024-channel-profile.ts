import { sql, type Kysely } from 'kysely';

/**
 * Issue 25, point 1: a channel's profile (description, banner, links; the name and profile image were
 * there from 0001), the activity log's details (which parts of the profile a change touched), and the
 * notification that tells the crew. The type check is redefined with the union of every type
 * (packages/contract/src/notification.ts, NotificationType), as 0013 did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE channels
      ADD COLUMN description text NOT NULL DEFAULT '',
      ADD COLUMN banner_image_url text,
      ADD COLUMN links jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(links) = 'array');
    ALTER TABLE channel_activity ADD COLUMN details jsonb;

    ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
      'INVITE_RECEIVED', 'INVITE_ACCEPTED', 'INVITE_DECLINED', 'INVITE_CANCELLED', 'INVITE_EXPIRED',
      'TRANSFER_REQUESTED', 'TRANSFER_ACCEPTED', 'TRANSFER_DECLINED', 'TRANSFER_EXPIRED',
      'MEMBER_ADDED', 'MEMBER_REMOVED', 'MEMBER_LEFT',
      'APPLICATION_REVIEW', 'APPLICATION_APPROVED', 'APPLICATION_REJECTED',
      'LIVE_STARTED', 'LIVE_ENDED', 'LIVE_INTERRUPTED', 'LIVE_AUTO_CLOSED',
      'CONTENT_PUBLISHED', 'RESERVATION_FAILED', 'LOOP_PROCESSED', 'LOOP_FAILED',
      'OPERATOR_MESSAGE', 'CHANNEL_PROFILE_CHANGED'));
  `.execute(db);
}
