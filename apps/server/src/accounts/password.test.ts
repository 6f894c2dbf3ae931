import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashCost, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('demo1234', 16_384);
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('demo1234', stored)).toBe(true);
    expect(await verifyPassword('demo12345', stored)).toBe(false);
  });

  it('verifies with the cost the hash was made with', async () => {
    const cheap = await hashPassword('demo1234', 1_024);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('demo1234', cheap)).toBe(true);
    expect(await verifyPassword('demo1234', cheap.replace('scrypt$1024$', 'scrypt$2048$'))).toBe(false);
  });

  it('lets tests lower the cost, never production', () => {
    expect(passwordHashCost({})).toBe(16_384);
    expect(passwordHashCost({ PASSWORD_HASH_COST: '1024', NODE_ENV: 'test' })).toBe(1_024);
    expect(passwordHashCost({ PASSWORD_HASH_COST: '1024', NODE_ENV: 'production' })).toBe(16_384);
    expect(passwordHashCost({ PASSWORD_HASH_COST: '1000' })).toBe(16_384);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', 1_024)).not.toBe(await hashPassword('same', 1_024));
  });

  it('rejects a malformed stored value', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1048576$8$1$c2FsdA$aGFzaA')).toBe(false);
  });
});
