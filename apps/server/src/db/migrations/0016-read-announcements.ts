import { sql, type Kysely } from 'kysely';

/**
 * Hot reads are served from each instance's memory (lib/read-cache.ts): a person's channel lists and
 * notification pages, and the channel-and-role the access hook checks. The database announces every
 * change to the rows they are read from, whoever writes it (a route, the operator console, a job, a
 * hand-written UPDATE), so no code path can forget to. Announced on commit, one per changed key
 * (PostgreSQL folds repeats within a transaction):
 * - `c:<channel id>`: a channel row changed;
 * - `m:<user id>`: a person's memberships changed (also when a channel of theirs changed status);
 * - `n:<user id>`: a person's notifications changed.
 * Statement triggers with transition tables (one per event: PostgreSQL allows a transition table only
 * on a single-event trigger), so a statement over many rows costs one pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A channel whose status moved (deleted, restored) also leaves or enters its members' lists,
    -- which name only the channels they hold: its members' memberships are announced too.
    CREATE FUNCTION studio_announce_channels() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('studio_reads_changed', 'c:' || id) FROM (SELECT DISTINCT id FROM old_rows ORDER BY id) AS changed;
      ELSE
        PERFORM pg_notify('studio_reads_changed', 'c:' || id) FROM (SELECT DISTINCT id FROM new_rows ORDER BY id) AS changed;
      END IF;
      IF TG_OP = 'UPDATE' THEN
        PERFORM pg_notify('studio_reads_changed', 'm:' || user_id)
        FROM (
          SELECT DISTINCT m.user_id FROM new_rows AS n JOIN old_rows AS o USING (id) JOIN channel_members AS m ON m.channel_id = n.id
          WHERE n.status IS DISTINCT FROM o.status ORDER BY m.user_id
        ) AS moved;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER channels_announce_insert AFTER INSERT ON channels
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_channels();
    CREATE TRIGGER channels_announce_update AFTER UPDATE ON channels
      REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_channels();
    CREATE TRIGGER channels_announce_delete AFTER DELETE ON channels
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_channels();

    -- A membership that moves from one person to another (an ownership transfer rewrites rows)
    -- changes both people's lists: an UPDATE announces the old holders and the new ones.
    CREATE FUNCTION studio_announce_members() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM pg_notify('studio_reads_changed', 'm:' || user_id) FROM (SELECT DISTINCT user_id FROM new_rows ORDER BY user_id) AS changed;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('studio_reads_changed', 'm:' || user_id) FROM (SELECT DISTINCT user_id FROM old_rows ORDER BY user_id) AS changed;
      ELSE
        PERFORM pg_notify('studio_reads_changed', 'm:' || user_id)
        FROM (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows ORDER BY user_id) AS changed;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER channel_members_announce_insert AFTER INSERT ON channel_members
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_members();
    CREATE TRIGGER channel_members_announce_update AFTER UPDATE ON channel_members
      REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_members();
    CREATE TRIGGER channel_members_announce_delete AFTER DELETE ON channel_members
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_members();

    CREATE FUNCTION studio_announce_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('studio_reads_changed', 'n:' || user_id) FROM (SELECT DISTINCT user_id FROM old_rows ORDER BY user_id) AS changed;
      ELSE
        PERFORM pg_notify('studio_reads_changed', 'n:' || user_id) FROM (SELECT DISTINCT user_id FROM new_rows ORDER BY user_id) AS changed;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER notifications_announce_insert AFTER INSERT ON notifications
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_notifications();
    CREATE TRIGGER notifications_announce_update AFTER UPDATE ON notifications
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_notifications();
    CREATE TRIGGER notifications_announce_delete AFTER DELETE ON notifications
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_notifications();
  `.execute(db);
}
