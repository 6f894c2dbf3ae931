import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { hashPassword } from './password';

export type Account = {
  id: number;
  login: string;
  name: string;
  email: string | null;
  profileImageUrl: string | null;
  passwordHash: string;
  failedLogins: number;
  lockedUntil: Date | null;
};

const columns = [
  'id',
  'login',
  'name',
  'email',
  'profile_image_url as profileImageUrl',
  'password_hash as passwordHash',
  'failed_logins as failedLogins',
  'locked_until as lockedUntil',
] as const;

export function accountRepository(db: Db) {
  return {
    async findByLogin(login: string): Promise<Account | undefined> {
      const row = await db.selectFrom('account.accounts').select(columns).where('login', '=', login.toLowerCase()).executeTakeFirst();
      return row;
    },
    async findById(id: number): Promise<Account | undefined> {
      const row = await db.selectFrom('account.accounts').select(columns).where('id', '=', id).executeTakeFirst();
      return row;
    },
    async create(input: { login: string; password: string; name: string; email?: string | null; profileImageUrl?: string | null }) {
      const row = await db
        .insertInto('account.accounts')
        .values({
          login: input.login.toLowerCase(),
          password_hash: await hashPassword(input.password),
          name: input.name,
          email: input.email ?? null,
          profile_image_url: input.profileImageUrl ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Counts a failure; the fifth in a row locks the account for `lockMs`. */
    async recordFailure(id: number, now: Date, lockAfter: number, lockMs: number) {
      await db
        .updateTable('account.accounts')
        .set({
          failed_logins: sql`failed_logins + 1`,
          locked_until: sql`CASE WHEN failed_logins + 1 >= ${lockAfter} THEN ${new Date(now.getTime() + lockMs)}::timestamptz ELSE locked_until END`,
        })
        .where('id', '=', id)
        .execute();
    },
    async recordSuccess(id: number) {
      await db.updateTable('account.accounts').set({ failed_logins: 0, locked_until: null }).where('id', '=', id).execute();
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
