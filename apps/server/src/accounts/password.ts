import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const R = 8;
const P = 1;
/** The cost every real password is hashed with. */
export const PRODUCTION_HASH_COST = 16_384;
const MIN_COST = 1_024;
const MAX_COST = 131_072;

const isCost = (value: number) => Number.isInteger(value) && value >= MIN_COST && value <= MAX_COST && (value & (value - 1)) === 0;

/**
 * Integration tests hash their people cheaply through PASSWORD_HASH_COST (config
 * refuses a lower value in production, and production ignores it here too).
 * Read at call time so a test file can pick its own cost.
 */
export function passwordHashCost(env: Record<string, string | undefined> = process.env): number {
  if (env.NODE_ENV === 'production') return PRODUCTION_HASH_COST;
  const wanted = Number(env.PASSWORD_HASH_COST);
  return isCost(wanted) ? wanted : PRODUCTION_HASH_COST;
}

export const isPasswordHashCost = isCost;

function derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: cost, r: R, p: P, maxmem: 256 * cost * R }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string, cost = passwordHashCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks against the cost the hash was made with, so hashes of any supported cost keep working. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || Number(r) !== R || Number(p) !== P || !isCost(Number(cost))) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(cost));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const dummies = new Map<number, Promise<string>>();

/**
 * A hash of a random password at the current cost. An unknown or locked login
 * is checked against it, so its answer takes as long as a wrong password.
 */
export function dummyPasswordHash(cost = passwordHashCost()): Promise<string> {
  let dummy = dummies.get(cost);
  if (!dummy) {
    dummy = hashPassword(randomBytes(18).toString('base64url'), cost);
    dummies.set(cost, dummy);
  }
  return dummy;
}
