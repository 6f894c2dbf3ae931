import { sql, type Kysely } from 'kysely';

/**
 * Loop notifications were written with `/channels/…` landing URLs, without the studio's base path:
 * clicked, they left the studio. Every landing URL is a full studio address from now on
 * (notification-producer.ts `landing`); the rows already written get the base too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE notifications SET landing_url = '/studio' || landing_url
    WHERE landing_url LIKE '/%' AND landing_url NOT LIKE '/studio/%' AND landing_url <> '/studio'
  `.execute(db);
}
