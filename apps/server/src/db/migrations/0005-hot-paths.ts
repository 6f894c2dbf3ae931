import { sql, type Kysely } from 'kysely';

/**
 * Sessions are served from each instance's memory (lib/session-cache.ts).
 * The database itself announces every change that must reach those caches, so
 * no code path (logout, rotation, purge, a deleted person, an operator flag
 * set by hand) can forget to: instances LISTEN (plugins/announcements.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION studio_notify_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('studio_session_revoked', OLD.id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER sessions_revoked AFTER DELETE OR UPDATE OF expires_at ON sessions
      FOR EACH ROW EXECUTE FUNCTION studio_notify_session_revoked();

    CREATE FUNCTION studio_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('studio_user_changed', NEW.id::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER users_changed AFTER UPDATE OF login, name, profile_image_url, is_operator ON users
      FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION studio_notify_user_changed();

    -- The unread count is a row read by key, never COUNT(*) over a person's history. Statement
    -- triggers keep it in the transaction of every change, whichever code path makes it (a
    -- notification, a mark-read, mark-all, a cascade), and announce the new value to the caches.
    CREATE TABLE user_counters (
      user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      unread_notifications integer NOT NULL DEFAULT 0 CHECK (unread_notifications >= 0)
    );
    INSERT INTO user_counters (user_id, unread_notifications)
      SELECT user_id, count(*) FROM notifications WHERE read_at IS NULL GROUP BY user_id;

    CREATE FUNCTION studio_count_unread() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed record;
    BEGIN
      -- In user order, so two statements over the same people never wait on each other in a cycle.
      IF TG_OP = 'INSERT' THEN
        FOR changed IN
          INSERT INTO user_counters AS c (user_id, unread_notifications)
            SELECT user_id, count(*) FROM new_rows WHERE read_at IS NULL GROUP BY user_id ORDER BY user_id
          ON CONFLICT (user_id) DO UPDATE SET unread_notifications = c.unread_notifications + excluded.unread_notifications
          RETURNING c.user_id, c.unread_notifications
        LOOP
          PERFORM pg_notify('studio_unread_count', changed.user_id || ':' || changed.unread_notifications);
        END LOOP;
      ELSIF TG_OP = 'UPDATE' THEN
        -- Only existing counters change here: a person being deleted takes theirs along (cascade).
        FOR changed IN
          UPDATE user_counters AS c SET unread_notifications = c.unread_notifications + delta.d
          FROM (SELECT user_id, sum(d)::integer AS d FROM (
            SELECT user_id, -1 AS d FROM old_rows WHERE read_at IS NULL
            UNION ALL SELECT user_id, 1 AS d FROM new_rows WHERE read_at IS NULL
          ) AS moves GROUP BY user_id HAVING sum(d) <> 0) AS delta
          WHERE c.user_id = delta.user_id
          RETURNING c.user_id, c.unread_notifications
        LOOP
          PERFORM pg_notify('studio_unread_count', changed.user_id || ':' || changed.unread_notifications);
        END LOOP;
      ELSE
        FOR changed IN
          UPDATE user_counters AS c SET unread_notifications = c.unread_notifications + delta.d
          FROM (SELECT user_id, sum(d)::integer AS d FROM (SELECT user_id, -1 AS d FROM old_rows WHERE read_at IS NULL) AS moves GROUP BY user_id HAVING sum(d) <> 0) AS delta
          WHERE c.user_id = delta.user_id
          RETURNING c.user_id, c.unread_notifications
        LOOP
          PERFORM pg_notify('studio_unread_count', changed.user_id || ':' || changed.unread_notifications);
        END LOOP;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER notifications_unread_insert AFTER INSERT ON notifications
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_count_unread();
    CREATE TRIGGER notifications_unread_update AFTER UPDATE ON notifications
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_count_unread();
    CREATE TRIGGER notifications_unread_delete AFTER DELETE ON notifications
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_count_unread();
  `.execute(db);
}
