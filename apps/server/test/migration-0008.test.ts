import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratorFor } from '../src/db/migrate';
import type { Db } from '../src/db/schema';
import { sanitizeRichText } from '../src/lib/sanitize-html';
import { createDatabaseMigratedTo } from './helper';

/** Notice bodies written before 0008 were plain text; from 0008 on they are rich text (sanitised HTML). */

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createDatabaseMigratedTo('0005-hot-paths'));
});

afterAll(async () => {
  await drop();
});

describe('migration 0008', () => {
  it('escapes plain-text notice bodies into paragraphs, so markup typed as text stays text', async () => {
    await sql`
      INSERT INTO notices (category, title, body, published_at) VALUES
        ('STUDIO', '점검', ${'점검 안내\n둘째 줄\n\n<script>alert(1)</script> & "따옴표"'}, now()),
        ('STUDIO_IMPORTANT', '빈 공지', '', now())`.execute(db);
    const { error } = await migratorFor(db).migrateToLatest();
    expect(error).toBeUndefined();
    const rows = await db.selectFrom('notices').select(['title', 'body']).orderBy('id').execute();
    expect(rows[0]?.body).toBe('<p>점검 안내<br />둘째 줄</p><p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;따옴표&quot;</p>');
    // What the migration wrote is already what the sanitiser keeps (the text survives as text).
    expect(sanitizeRichText(rows[0]?.body ?? '')).toContain('&lt;script&gt;');
    expect(rows[1]?.body).toBe('<p></p>');
    const audit = await sql<{ n: string }>`SELECT count(*) AS n FROM operator_audit`.execute(db);
    expect(Number(audit.rows[0]?.n)).toBe(0);
  });
});
