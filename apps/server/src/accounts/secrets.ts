import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Db } from '../db/schema';
import { secretRepository } from './secret-repository';

export type AccountSecrets = {
  signingKey: Record<string, unknown>;
  cookieKeys: string[];
  studioClientSecret: string;
};

/** The bundled account service's key material, made on first start and kept in its database. */
export async function loadAccountSecrets(db: Db): Promise<AccountSecrets> {
  const secrets = secretRepository(db);
  const signingKey = await secrets.getOrCreate('oidc-signing-key', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' };
  });
  const cookieKeys = await secrets.getOrCreate('oidc-cookie-keys', () => [randomBytes(32).toString('base64url')]);
  const studioClientSecret = await secrets.getOrCreate('studio-client-secret', () => randomBytes(32).toString('base64url'));
  return { signingKey, cookieKeys, studioClientSecret };
}
