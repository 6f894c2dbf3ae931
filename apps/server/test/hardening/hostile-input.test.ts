import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@studio/contract/errors';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';

/**
 * Every text field of every route, found in the OpenAPI document (so a new
 * route is covered the day it is added), fed the same hostile strings as a
 * signed-in owner: never a 5xx, and a 400 always carries a code.
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  maxLength?: number;
  pattern?: string;
  default?: unknown;
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Route = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; operation: Operation };

/** A hostile value, as a JSON value for bodies and as raw query text (already percent-encoded). */
type Hostile = { name: string; json: unknown; query?: string };

const hostile = (maxLength?: number): Hostile[] => [
  { name: 'NUL', json: 'a\u0000b', query: 'a%00b' },
  { name: 'lone surrogate', json: 'a\uD800b', query: 'a%ED%A0%80b' },
  { name: 'broken UTF-8', json: 'a\uFFFDb', query: 'a%C3%28b' },
  { name: '10k characters', json: 'x'.repeat(10_000), query: 'x'.repeat(10_000) },
  { name: '10k emoji', json: '😀'.repeat(10_000) },
  { name: 'RTL override', json: '\u202Eexe.txt', query: encodeURIComponent('\u202Eexe.txt') },
  { name: 'literal %00', json: '%00', query: '%2500' },
  { name: 'SQL', json: "' OR 1=1; DROP TABLE users; --", query: encodeURIComponent("' OR 1=1; --") },
  { name: 'HTML', json: '<script>alert(1)</script>', query: encodeURIComponent('<img src=x onerror=alert(1)>') },
  { name: 'control characters', json: 'a\u0007\u001b[31mb', query: 'a%07%1Bb' },
  { name: 'empty', json: '', query: '' },
  { name: 'white space', json: ' \t\n ', query: '%20%09%0A' },
  { name: 'number', json: 12_345 },
  { name: 'array', json: ['a', 'b'] },
  { name: 'object', json: { a: 'b' } },
  { name: 'null', json: null },
  ...(maxLength ? [{ name: `emoji at the limit (${maxLength})`, json: '😀'.repeat(maxLength) }] : []),
];

let t: TestContext;
let cookie: string;
let channelId: number;
let routes: Route[];

function isString(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema.enum) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') || (schema.anyOf?.some(isString) ?? false);
}

/** A valid-looking value for a required field, so a request reaches the field under test. */
function sample(schema: Schema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf[0]!);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'object') return {};
  if (type === 'array') return [];
  return 'sample';
}

function concretePath(path: string): string {
  return path.replace(/\{channelId\}/g, String(channelId)).replace(/\{[^}]+\}/g, '1');
}

function bodySchema(operation: Operation): Schema | undefined {
  return operation.requestBody?.content?.['application/json']?.schema;
}

async function expectNoServerError(response: Awaited<ReturnType<typeof call>>, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode === 400) {
    const body = ErrorBody.parse(response.json());
    expect(body.code, label).toMatch(/^[A-Z_]+$/);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  // Also an operator, so the operator console's routes reach their validation too.
  const owner = await createPerson(t.db, { login: 'hostile-owner', name: '소유자', isOperator: true });
  await createPerson(t.db, { login: 'hostile-target', name: '대상' });
  channelId = await createChannel(t.db, {
    name: '채널',
    channel_type: 'MEDIA_CHANNEL',
    status: 'SERVICE',
    shorts_status: 'SERVICE',
    live_status: 'SERVICE',
    use_document_write: true,
    use_post_write: true,
  });
  await addMember(t.db, channelId, owner.userId, 'OWNER');
  cookie = await t.cookieFor(owner.userId);
  const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase() as Route['method'], path, operation })),
  );
});

afterAll(async () => {
  await t.close();
});

describe('text fields of every route', () => {
  it('finds the text fields to attack (bodies and query strings)', () => {
    const bodyFields = routes.flatMap((route) =>
      Object.entries(bodySchema(route.operation)?.properties ?? {})
        .filter(([, schema]) => isString(schema))
        .map(([name]) => `${route.method} ${route.path} ${name}`),
    );
    const queryFields = routes.flatMap((route) =>
      (route.operation.parameters ?? []).filter((p) => p.in === 'query' && isString(p.schema)).map((p) => `${route.path}?${p.name}`),
    );
    // The known ones, as a floor: a walk that finds nothing must not pass quietly.
    expect(bodyFields).toEqual(
      expect.arrayContaining([
        'POST /api/channels/{channelId}/posts body',
        'POST /api/channels/{channelId}/drafts title',
        'POST /api/channels/{channelId}/invites login',
      ]),
    );
    expect(queryFields).toEqual(expect.arrayContaining(['/api/channels/management?filters', '/external/notices?consumerCategory']));
  });

  it('bodies: never a 5xx, a 400 carries a code, an emoji at the limit is not "too long"', async () => {
    let sent = 0;
    for (const route of routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'GET')) {
      const schema = bodySchema(route.operation);
      const fields = Object.entries(schema?.properties ?? {}).filter(([, field]) => isString(field));
      for (const [field, fieldSchema] of fields) {
        const base = Object.fromEntries((schema?.required ?? []).map((name) => [name, sample(schema!.properties![name]!)]));
        for (const value of hostile(fieldSchema.maxLength)) {
          const label = `${route.method} ${route.path} ${field} = ${value.name}`;
          const response = await call(t.app, route.method, concretePath(route.path), cookie, { ...base, [field]: value.json });
          sent++;
          await expectNoServerError(response, label);
          // A field with a pattern (an address) refuses emoji for what they are, not for their length.
          // (A refinement such as an e-mail check does not show as a pattern: what must never be said is "too long".)
          if (value.name.startsWith('emoji at the limit') && response.statusCode === 400 && !fieldSchema.pattern) {
            const issues = response.json<ErrorBody>().extra?.issues as { field: string; message: string }[] | undefined;
            const tooLong = (issues ?? []).filter((issue) => issue.field === `body.${field}` && /too (long|big)|at most|maximum|characters/i.test(issue.message));
            expect(tooLong, label).toEqual([]);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(50);
  }, 120_000);

  it('query strings: never a 5xx, a 400 carries a code; a repeated field is a 400', async () => {
    let sent = 0;
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const query = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
      for (const parameter of query) {
        const values = isString(parameter.schema) ? hostile().filter((value) => value.query !== undefined) : [];
        for (const value of values) {
          const url = `${concretePath(route.path)}?${parameter.name}=${value.query}`;
          await expectNoServerError(await call(t.app, 'GET', url, cookie), `GET ${url.slice(0, 120)}`);
          sent++;
        }
        const repeated = `${concretePath(route.path)}?${parameter.name}=${String(sample(parameter.schema ?? {}))}&${parameter.name}=${String(sample(parameter.schema ?? {}))}`;
        const response = await call(t.app, 'GET', repeated, cookie);
        expect(response.statusCode, `GET ${repeated}`).toBe(400);
        expect(ErrorBody.parse(response.json()).code).toBe('VALIDATION_FAILED');
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(20);
  }, 120_000);
});

describe('URLs the router refuses', () => {
  it.each([
    ['broken percent-encoding', '/api/channels/%E0%A4%A'],
    ['broken percent-encoding in a route with more after it', '/api/channels/%E0%A4%A/members'],
    ['an over-long path parameter', `/api/channels/${'1'.repeat(5000)}/members`],
  ])('%s answers the studio error body as a 400', async (_name, url) => {
    const response = await call(t.app, 'GET', url, cookie);
    expect(response.statusCode).toBe(400);
    const body = ErrorBody.parse(response.json());
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message: '입력한 정보를 다시 확인해 주세요.' });
    expect(Object.keys(body).sort()).toEqual(['code', 'extra', 'message', 'path']);
  });
});
