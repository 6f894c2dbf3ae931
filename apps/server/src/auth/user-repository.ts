import type { Insertable } from 'kysely';
import type { Database, Db } from '../db/schema';

export type OidcIdentity = { subject: string; login: string; name: string; profileImageUrl: string | null };

export function userRepository(db: Db) {
  return {
    /** The studio user behind an OpenID identity, made on first sign-in and refreshed on each. */
    async upsertFromIdentity(issuerKey: string, identity: OidcIdentity): Promise<number> {
      const row = await db
        .insertInto('users')
        .values({
          issuer: issuerKey,
          subject: identity.subject,
          login: identity.login,
          name: identity.name,
          profile_image_url: identity.profileImageUrl,
        })
        .onConflict((conflict) =>
          conflict.columns(['issuer', 'subject']).doUpdateSet({
            login: identity.login,
            name: identity.name,
            profile_image_url: identity.profileImageUrl,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

/** A studio user for an identity, without the refresh-on-sign-in of upsertFromIdentity: for seeds and tests. */
export async function insertUser(db: Db, values: Insertable<Database['users']>): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
