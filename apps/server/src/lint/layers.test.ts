import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers are a lint rule (eslint.config.js), and a rule nothing breaks could be switched off
 * unnoticed: each planted violation below must fail `npm run lint` with the layer's message, and the
 * same file without it must pass.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function messagesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('the layering lint', { timeout: 120_000 }, () => {
  it('refuses a route that imports a repository, and passes the same route through its service', async () => {
    const planted = await messagesFor(
      'apps/server/src/media/media-routes.ts',
      "import { noticeRepository } from '../modules/notices/notice-repository';\nexport const planted = noticeRepository;\n",
    );
    expect(planted.join('\n')).toMatch(/no-restricted-imports: .*Routes call services, never repositories/);
    const typeOnly = await messagesFor(
      'apps/server/src/media/media-routes.ts',
      "import type { NoticeRecord } from '../modules/notices/notice-repository';\nexport type Planted = NoticeRecord;\n",
    );
    expect(typeOnly.filter((message) => /restricted/.test(message))).toEqual([]);
  });

  it('refuses a service that builds SQL with the query builder or the sql tag', async () => {
    const builder = await messagesFor(
      'apps/server/src/modules/members/member-service.ts',
      "import type { Db } from '../../db/schema';\nexport const planted = (db: Db) => db.selectFrom('channels').selectAll().execute();\n",
    );
    expect(builder.join('\n')).toMatch(/no-restricted-syntax: SQL is built only in repositories/);
    const tag = await messagesFor(
      'apps/server/src/modules/members/member-service.ts',
      "import { sql } from 'kysely';\nexport const planted = sql`SELECT 1`;\n",
    );
    expect(tag.join('\n')).toMatch(/no-restricted-imports: .*SQL is built only in repositories/);
    expect(tag.join('\n')).toMatch(/no-restricted-syntax: SQL is built only in repositories/);
  });

  it('lets a repository build SQL', async () => {
    const messages = await messagesFor(
      'apps/server/src/modules/members/member-repository.ts',
      "import type { Db } from '../../db/schema';\nexport const planted = (db: Db) => db.selectFrom('channels').selectAll().execute();\n",
    );
    expect(messages.filter((message) => /restricted/.test(message))).toEqual([]);
  });
});
