import { sql, type Kysely } from 'kysely';

/**
 * A channel's lives list joins each live to its stream key: both announce `l:<channel id>` on commit
 * (the read cache of migration 0016, lib/read-cache.ts), whoever writes them (a route, the ingest, the
 * grace-period job, the operator, `psql`). Statement triggers, one per event as in 0016.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION studio_announce_lives() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('studio_reads_changed', 'l:' || channel_id) FROM (SELECT DISTINCT channel_id FROM old_rows ORDER BY channel_id) AS changed;
      ELSE
        PERFORM pg_notify('studio_reads_changed', 'l:' || channel_id) FROM (SELECT DISTINCT channel_id FROM new_rows ORDER BY channel_id) AS changed;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER lives_announce_insert AFTER INSERT ON lives
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_lives();
    CREATE TRIGGER lives_announce_update AFTER UPDATE ON lives
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_lives();
    CREATE TRIGGER lives_announce_delete AFTER DELETE ON lives
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_lives();
    CREATE TRIGGER stream_keys_announce_insert AFTER INSERT ON stream_keys
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_lives();
    CREATE TRIGGER stream_keys_announce_update AFTER UPDATE ON stream_keys
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_lives();
    CREATE TRIGGER stream_keys_announce_delete AFTER DELETE ON stream_keys
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION studio_announce_lives();
  `.execute(db);
}
