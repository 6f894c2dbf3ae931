import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, point 6: the profile page lists a person's studio sessions and lets them mute notification groups.
 *
 * Sessions get a number to be named by (`public_id`): the row's key is the hash of the cookie's token,
 * which never leaves the server. The device (browser and operating system, read from the user agent by
 * `lib/user-agent.ts`, never the raw header) and the client address are written at sign-in and again
 * with the last use, at most once a minute (plugins/session.ts). Rows of before have none (null).
 *
 * `sessions_signed_out` keeps, until the session would have expired, the key of a session its owner
 * signed out from another device: the browser that held it still sends its cookie, and its next sign-in
 * asks the account service for the password again (prompt=login) instead of passing through the
 * account service's own remembered sign-in, which would make signing a lost device out pointless.
 *
 * `notification_mutes` holds the groups a person switched off (spec section 3, "Notification group":
 * ALL, ADMIN, CHANNEL); no row means the group is on, so nobody's notifications change by this
 * migration. The producer reads it by key in the statement that writes the notifications
 * (notification-repository.ts `insertAnnouncedNotifications`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessions
      ADD COLUMN public_id bigint GENERATED ALWAYS AS IDENTITY,
      ADD COLUMN browser text CHECK (char_length(browser) <= 40),
      ADD COLUMN os text CHECK (char_length(os) <= 40),
      ADD COLUMN address text CHECK (char_length(address) <= 64);
    CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);

    CREATE TABLE sessions_signed_out (
      id text PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      signed_out_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_signed_out_expires_at ON sessions_signed_out (expires_at);

    CREATE TABLE notification_mutes (
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      notification_group text NOT NULL CHECK (notification_group IN ('ALL', 'ADMIN', 'CHANNEL')),
      muted_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, notification_group)
    );
  `.execute(db);
}
