import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { hashPassword } from './password';

export type Account = {
  id: number;
  login: string;
  name: string;
  email: string | null;
  profileImageUrl: string | null;
};

const columns = [
  'id',
  'login',
  'name',
  'email',
  'profile_image_url as profileImageUrl',
] as const;

export function accountRepository(db: Db) {
  return {
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
    /**
     * Reserves one password check for a login, in one statement, before the
     * password is looked at: it counts the attempt as a failure and, at the
     * `lockAfter`th in a row, locks the account until `now + lockMs`. Parallel
     * guesses queue on the row, so no more than `lockAfter` of them get through
     * per lock period. Returns nothing for an unknown or locked login (the caller
     * answers both alike). An expired lock starts a fresh count.
     */
    async reserveAttempt(login: string, now: Date, lockAfter: number, lockMs: number): Promise<{ id: number; passwordHash: string } | undefined> {
      const attempts = sql<number>`CASE WHEN locked_until IS NULL THEN failed_logins + 1 ELSE 1 END`;
      return db
        .updateTable('account.accounts')
        .set({
          failed_logins: attempts,
          locked_until: sql`CASE WHEN ${attempts} >= ${lockAfter} THEN ${new Date(now.getTime() + lockMs)}::timestamptz ELSE NULL END`,
        })
        .where('login', '=', login.toLowerCase())
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .returning(['id', 'password_hash as passwordHash'])
        .executeTakeFirst();
    },
    /** A right password: the reserved attempt and any count before it are forgiven. */
    async recordSuccess(id: number) {
      await db.updateTable('account.accounts').set({ failed_logins: 0, locked_until: null }).where('id', '=', id).execute();
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;

/** An account of the bundled account service; the password is hashed here so no caller holds a hash. */
export async function insertAccount(
  db: Db,
  values: { login: string; name: string; password: string; email: string | null; profileImageUrl: string | null },
): Promise<number> {
  const row = await db
    .insertInto('account.accounts')
    .values({
      login: values.login,
      name: values.name,
      password_hash: await hashPassword(values.password),
      email: values.email,
      profile_image_url: values.profileImageUrl,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
