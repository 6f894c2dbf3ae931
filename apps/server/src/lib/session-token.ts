import { hash, randomBytes } from 'node:crypto';

/**
 * A cookie carries a random token; the database keeps only its hash, so a leaked table opens no session.
 * (Hashed on every request that carries the cookie: the one-shot `hash` is a third of `createHash`'s cost.)
 */
export const hashToken = (token: string) => hash('sha256', token, 'base64url');

export const newToken = () => randomBytes(32).toString('base64url');
