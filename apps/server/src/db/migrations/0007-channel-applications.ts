import { sql, type Kysely } from 'kysely';

/**
 * Entry applications end to end (issue #9): the form's fields, who reviewed
 * it, a timeline of every status change, the server-side draft of a
 * half-filled form, and the operator queue's index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE channel_applications
      ADD COLUMN description text NOT NULL DEFAULT '',
      ADD COLUMN profile_image_url text,
      ADD COLUMN contact_email text,
      ADD COLUMN links jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN revenue text NOT NULL DEFAULT '',
      ADD COLUMN terms_agreed_at timestamptz,
      ADD COLUMN reviewer_user_id bigint REFERENCES users (id) ON DELETE SET NULL;

    -- A double submit of the same form is refused by the database, whatever the timing.
    CREATE UNIQUE INDEX channel_applications_one_open_name ON channel_applications (applicant_user_id, lower(channel_name))
      WHERE status IN ('WAIT', 'REVIEW');
    -- The operator queue: by status, oldest first, with the age filter on created_at.
    CREATE INDEX channel_applications_queue ON channel_applications (status, created_at, id);
    CREATE INDEX channel_applications_queue_all ON channel_applications (created_at, id);

    CREATE TABLE channel_application_events (
      id bigserial PRIMARY KEY,
      application_id bigint NOT NULL REFERENCES channel_applications (id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('WAIT', 'REVIEW', 'APPROVE', 'REJECT')),
      actor_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
      reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX channel_application_events_application ON channel_application_events (application_id, id);

    -- What is already there gets the timeline its dates tell.
    INSERT INTO channel_application_events (application_id, status, created_at)
      SELECT id, 'WAIT', created_at FROM channel_applications;
    INSERT INTO channel_application_events (application_id, status, reason, created_at)
      SELECT id, status, reject_reason, coalesce(reviewed_at, created_at) FROM channel_applications WHERE status <> 'WAIT';

    -- Each status change notifies the applicant.
    ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
      'INVITE_RECEIVED', 'INVITE_ACCEPTED', 'INVITE_DECLINED', 'INVITE_CANCELLED', 'INVITE_EXPIRED',
      'TRANSFER_REQUESTED', 'TRANSFER_ACCEPTED', 'TRANSFER_DECLINED', 'TRANSFER_EXPIRED',
      'MEMBER_REMOVED', 'MEMBER_LEFT', 'OPERATOR_MESSAGE',
      'APPLICATION_REVIEW', 'APPLICATION_APPROVED', 'APPLICATION_REJECTED'));

    -- One half-filled form per person, kept on the server so a reload or another device finds it.
    CREATE TABLE channel_application_drafts (
      user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      data jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
