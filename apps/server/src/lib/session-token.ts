import { createHash, randomBytes } from 'node:crypto';

/** A cookie carries a random token; the database keeps only its hash, so a leaked table opens no session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export const newToken = () => randomBytes(32).toString('base64url');
