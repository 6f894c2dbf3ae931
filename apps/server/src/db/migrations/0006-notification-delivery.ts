import { sql, type Kysely } from 'kysely';

/**
 * Notifications at scale and in real time (issue #10):
 * - every notification type the studio produces, present and announced;
 * - totals per person kept beside the unread count, in the same statement
 *   trigger (one row by key answers `totalElements`, never COUNT(*) over a
 *   person's history), split into the operator's and the channels';
 * - the indexes the group tabs and one channel's list page by (keyset), and
 *   the one a notice's previous and next are found by.
 * Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
      'INVITE_RECEIVED', 'INVITE_ACCEPTED', 'INVITE_DECLINED', 'INVITE_CANCELLED', 'INVITE_EXPIRED',
      'TRANSFER_REQUESTED', 'TRANSFER_ACCEPTED', 'TRANSFER_DECLINED', 'TRANSFER_EXPIRED',
      'MEMBER_ADDED', 'MEMBER_REMOVED', 'MEMBER_LEFT',
      'APPLICATION_REVIEW', 'APPLICATION_APPROVED', 'APPLICATION_REJECTED',
      'LIVE_STARTED', 'LIVE_ENDED', 'LIVE_INTERRUPTED',
      'CONTENT_PUBLISHED', 'RESERVATION_FAILED', 'LOOP_PROCESSED', 'LOOP_FAILED',
      'OPERATOR_MESSAGE'));

    CREATE INDEX notifications_user_operator ON notifications (user_id, id DESC) WHERE channel_id IS NULL;
    CREATE INDEX notifications_user_channel ON notifications (user_id, id DESC) WHERE channel_id IS NOT NULL;
    CREATE INDEX notifications_user_by_channel ON notifications (user_id, channel_id, id DESC);
    -- A notice's previous and next across both categories.
    CREATE INDEX notices_published ON notices (published_at DESC, id DESC);

    ALTER TABLE user_counters ADD COLUMN total_notifications integer NOT NULL DEFAULT 0 CHECK (total_notifications >= 0);
    ALTER TABLE user_counters ADD COLUMN operator_notifications integer NOT NULL DEFAULT 0 CHECK (operator_notifications >= 0);
    INSERT INTO user_counters AS c (user_id, unread_notifications, total_notifications, operator_notifications)
      SELECT user_id, count(*) FILTER (WHERE read_at IS NULL), count(*), count(*) FILTER (WHERE channel_id IS NULL)
      FROM notifications GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET total_notifications = excluded.total_notifications, operator_notifications = excluded.operator_notifications;

    -- The same function as migration 0005, now moving three counters: the unread count is still
    -- announced (only when it changed), the totals are not (nobody waits on them).
    CREATE OR REPLACE FUNCTION studio_count_unread() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed record;
    BEGIN
      -- In user order, so two statements over the same people never wait on each other in a cycle.
      IF TG_OP = 'INSERT' THEN
        FOR changed IN
          WITH moves AS (
            SELECT user_id, count(*) FILTER (WHERE read_at IS NULL)::integer AS unread, count(*)::integer AS total,
              count(*) FILTER (WHERE channel_id IS NULL)::integer AS operator
            FROM new_rows GROUP BY user_id
          ), upserted AS (
            INSERT INTO user_counters AS c (user_id, unread_notifications, total_notifications, operator_notifications)
              SELECT user_id, unread, total, operator FROM moves ORDER BY user_id
            ON CONFLICT (user_id) DO UPDATE SET
              unread_notifications = c.unread_notifications + excluded.unread_notifications,
              total_notifications = c.total_notifications + excluded.total_notifications,
              operator_notifications = c.operator_notifications + excluded.operator_notifications
            RETURNING c.user_id, c.unread_notifications
          )
          SELECT upserted.user_id, upserted.unread_notifications, moves.unread AS moved FROM upserted JOIN moves USING (user_id)
        LOOP
          IF changed.moved <> 0 THEN
            PERFORM pg_notify('studio_unread_count', changed.user_id || ':' || changed.unread_notifications);
          END IF;
        END LOOP;
      ELSE
        -- UPDATE and DELETE: old rows leave the counters, new rows (UPDATE only) enter them.
        -- Only existing counters change here: a person being deleted takes theirs along (cascade).
        FOR changed IN
          UPDATE user_counters AS c SET
            unread_notifications = c.unread_notifications + delta.unread,
            total_notifications = c.total_notifications + delta.total,
            operator_notifications = c.operator_notifications + delta.operator
          FROM (
            SELECT user_id, sum(unread)::integer AS unread, sum(total)::integer AS total, sum(operator)::integer AS operator
            FROM (
              SELECT user_id, -(read_at IS NULL)::integer AS unread, -1 AS total, -(channel_id IS NULL)::integer AS operator FROM old_rows
              UNION ALL
              SELECT user_id, (read_at IS NULL)::integer, 1, (channel_id IS NULL)::integer FROM new_rows
            ) AS moves GROUP BY user_id
            HAVING sum(unread) <> 0 OR sum(total) <> 0 OR sum(operator) <> 0
          ) AS delta
          WHERE c.user_id = delta.user_id
          RETURNING c.user_id, c.unread_notifications, delta.unread AS moved
        LOOP
          IF changed.moved <> 0 THEN
            PERFORM pg_notify('studio_unread_count', changed.user_id || ':' || changed.unread_notifications);
          END IF;
        END LOOP;
      END IF;
      RETURN NULL;
    END $$;

    -- The DELETE trigger has no new_rows: an empty transition table of the same shape stands in.
    DROP TRIGGER notifications_unread_delete ON notifications;
    CREATE FUNCTION studio_count_unread_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed record;
    BEGIN
      FOR changed IN
        UPDATE user_counters AS c SET
          unread_notifications = c.unread_notifications - delta.unread,
          total_notifications = c.total_notifications - delta.total,
          operator_notifications = c.operator_notifications - delta.operator
        FROM (
          SELECT user_id, count(*) FILTER (WHERE read_at IS NULL)::integer AS unread, count(*)::integer AS total,
            count(*) FILTER (WHERE channel_id IS NULL)::integer AS operator
          FROM old_rows GROUP BY user_id ORDER BY user_id
        ) AS delta
        WHERE c.user_id = delta.user_id
        RETURNING c.user_id, c.unread_notifications, delta.unread AS moved
      LOOP
        IF changed.moved <> 0 THEN
          PERFORM pg_notify('studio_unread_count', changed.user_id || ':' || changed.unread_notifications);
        END IF;
      END LOOP;
      RETURN NULL;
    END $$;
    CREATE TRIGGER notifications_unread_delete AFTER DELETE ON notifications
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_count_unread_delete();
  `.execute(db);
}
