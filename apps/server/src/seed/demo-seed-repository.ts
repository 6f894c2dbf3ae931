import type { Db } from '../db/schema';

/** Claims the one-row demo marker; false when another run (or instance) already seeded this database. */
export async function claimDemoSeed(db: Db): Promise<boolean> {
  const marker = await db
    .insertInto('demo_seed')
    .values({ id: 1 })
    .onConflict((c) => c.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return marker !== undefined;
}
