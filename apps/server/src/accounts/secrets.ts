import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Db } from '../db/schema';

/** Reads a named secret, making it once (race-safe across instances) on first use. */
async function getOrCreate<T>(db: Db, name: string, make: () => T): Promise<T> {
  await db
    .insertInto('account.secrets')
    .values({ name, value: JSON.stringify(make()) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('account.secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value as T;
}

export type AccountSecrets = {
  signingKey: Record<string, unknown>;
  cookieKeys: string[];
  studioClientSecret: string;
};

/** The bundled account service's key material, made on first start and kept in its database. */
export async function loadAccountSecrets(db: Db): Promise<AccountSecrets> {
  const signingKey = await getOrCreate(db, 'oidc-signing-key', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' };
  });
  const cookieKeys = await getOrCreate(db, 'oidc-cookie-keys', () => [randomBytes(32).toString('base64url')]);
  const studioClientSecret = await getOrCreate(db, 'studio-client-secret', () => randomBytes(32).toString('base64url'));
  return { signingKey, cookieKeys, studioClientSecret };
}
