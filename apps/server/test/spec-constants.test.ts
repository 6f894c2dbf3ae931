import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOP_FILE_NAME_MAX, MAX_SIMULTANEOUS_BROADCASTS, STREAM_KEY_TITLE_MAX } from '@studio/contract/constants';
import { RESTREAM_KEY_MAX, RESTREAM_URL_MAX } from '@studio/contract/restream';
import { createTestDatabase } from './helper';

/**
 * The database holds some of the spec's limits itself (so 50 parallel requests cannot pass them).
 * Those CHECKs are written in migrations, in SQL; this compares them with the contract's one
 * declaration, so a limit changed in one place and not the other fails here.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;

async function checkOf(table: string, constraintLike: string): Promise<string> {
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
     WHERE t.relname = ${table} AND c.contype = 'c' AND pg_get_constraintdef(c.oid) LIKE ${`%${constraintLike}%`}`.execute(database.db);
  expect(rows, `one CHECK on ${table} naming ${constraintLike}`).toHaveLength(1);
  return rows[0]!.definition;
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe("the migrations' CHECKs hold the contract's limits", () => {
  it('an on-air live takes one of MAX_SIMULTANEOUS_BROADCASTS slots', async () => {
    expect(await checkOf('lives', 'air_slot >=')).toContain(`air_slot <= ${MAX_SIMULTANEOUS_BROADCASTS}`);
  });

  it('a stream key title holds at most STREAM_KEY_TITLE_MAX characters', async () => {
    expect(await checkOf('stream_keys', 'char_length(title)')).toContain(`<= ${STREAM_KEY_TITLE_MAX}`);
  });

  it("a loop's file name holds at most LOOP_FILE_NAME_MAX characters", async () => {
    expect(await checkOf('loops', 'char_length(file_name)')).toContain(`<= ${LOOP_FILE_NAME_MAX}`);
  });

  it("a restream target's address and key hold at most RESTREAM_URL_MAX and RESTREAM_KEY_MAX characters", async () => {
    expect(await checkOf('restream_targets', 'char_length(url)')).toContain(`<= ${RESTREAM_URL_MAX}`);
    expect(await checkOf('restream_targets', 'char_length(secret)')).toContain(`<= ${RESTREAM_KEY_MAX}`);
  });
});
