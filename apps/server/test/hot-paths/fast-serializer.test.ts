import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledWriters, responseJsonSchema, zodWriterFor } from '../../src/lib/fast-serializer';
import { createTestApp, type TestContext } from '../helper';

// Every route of the studio, every status it declares: representative replies written by
// fast-json-stringify (from the JSON Schema made of the contract) and by zod must be the same bytes.
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

type Schema = Record<string, unknown>;
type Variant = 'full' | 'sparse' | 'alternative';

// Strings that test escaping (quotes, backslashes, control characters, Korean, an emoji, a lone surrogate).
const TEXT = 'Say "안녕" \\ <b>&</b>\n\ttab \u0001 😀 \ud800 end';
// Values for the patterns the contract uses; the first that matches a pattern is taken.
const PATTERNED = ['2026-11-24T19:14:05.123Z', '2026-11-24', 'kc0123456789abcd', '/media/profiles/a_b-1.webp', '/studio/channels/1', '12345', 'ABC_1', 'abc-1', 'https://example.com/a?b="c"'];

function text(schema: Schema, variant: Variant): string {
  if (schema.format === 'date-time') return variant === 'alternative' ? '1999-01-02T03:04:05Z' : '2026-11-24T19:14:05.123Z';
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'uuid') return '123e4567-e89b-42d3-a456-426614174000';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/a?b="c"';
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    return PATTERNED.find((value) => pattern.test(value)) ?? 'unmatched';
  }
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return (variant === 'sparse' ? 'x'.repeat(Math.max(min, 1)) : TEXT.padEnd(min, '.')).slice(0, max);
}

function sample(schema: Schema, variant: Variant, defs: Schema): unknown {
  if (typeof schema.$ref === 'string') return sample(defs[schema.$ref.split('/').pop() ?? ''] as Schema, variant, defs);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return variant === 'alternative' ? schema.enum.at(-1) : schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) {
    const nonNull = branches.filter((branch) => branch.type !== 'null');
    if (variant === 'sparse' && nonNull.length < branches.length) return null;
    return sample((variant === 'alternative' ? nonNull.at(-1) : nonNull[0]) ?? {}, variant, defs);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) return sample(schema.allOf[0] as Schema, variant, defs);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type === undefined ? [] : [schema.type as string];
  if (variant === 'sparse' && types.includes('null')) return null;
  switch (types.find((type) => type !== 'null')) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) {
        if (variant !== 'sparse' || required.has(key)) value[key] = sample(property, variant, defs);
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        if (variant !== 'sparse') value['some key "quoted"'] = sample(schema.additionalProperties as Schema, variant, defs);
      } else if (variant === 'full') {
        value.notInTheContract = 'must not leave the server';
      }
      return value;
    }
    case 'array': {
      const items = schema.items as Schema | undefined;
      if (variant === 'sparse' && !(typeof schema.minItems === 'number' && schema.minItems > 0)) return [];
      return items ? [sample(items, variant, defs), sample(items, variant === 'full' ? 'alternative' : variant, defs)] : [1, 'a', null];
    }
    case 'string':
      return text(schema, variant);
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
      const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
      return Math.min(max, Math.max(min, variant === 'alternative' ? 0 : 9_007_199_254_740));
    }
    case 'number':
      return variant === 'alternative' ? -0.5 : 1234.5678;
    case 'boolean':
      return variant !== 'alternative';
    case 'null':
      return null;
    case undefined:
    default:
      return variant === 'sparse' ? null : { any: ['thing', 1, true, null, { nested: TEXT }] };
  }
}

describe('replies written from JSON Schema (fast-json-stringify) equal the zod path', () => {
  it('covers the studio: almost every route and status takes the fast path', () => {
    const writers = compiledWriters.filter((writer) => writer.url.startsWith('/api') || writer.url.startsWith('/external'));
    expect(writers.length).toBeGreaterThan(150);
    const slow = writers.filter((writer) => !writer.fast).map((writer) => `${writer.method} ${writer.url} ${writer.status}`);
    // SSE answers text, not JSON: its schema is a bare string and it is written by the hub itself.
    expect(slow).toEqual([]);
  });

  it('writes the same bytes for representative replies of every route and status', () => {
    const seen = new Set<unknown>();
    let compared = 0;
    const uncompared: string[] = [];
    for (const writer of compiledWriters) {
      if (!writer.fast || seen.has(writer.schema)) continue;
      seen.add(writer.schema);
      const json = responseJsonSchema(writer.schema) ?? {};
      const defs = (json.definitions ?? json.$defs ?? {}) as Schema;
      const zod = zodWriterFor(writer.schema, writer.method, writer.url);
      let comparedHere = 0;
      for (const variant of ['full', 'sparse', 'alternative'] as const) {
        const data = sample(json, variant, defs);
        let expected: string;
        try {
          expected = zod(data);
        } catch {
          continue; // the sample is not a valid reply (a pattern it could not meet): nothing to compare
        }
        expect(writer.fast(data), `${writer.method} ${writer.url} ${writer.status} (${variant})`).toBe(expected);
        comparedHere++;
      }
      compared += comparedHere;
      if (comparedHere === 0) uncompared.push(`${writer.method} ${writer.url} ${writer.status}`);
    }
    expect(uncompared).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  });

  it('writes dates, optional and nullable fields, unions and escapes exactly like zod', () => {
    // Hand-picked awkward cases on top of the generated ones.
    const page = compiledWriters.find((writer) => writer.url === '/api/my/notifications' && writer.status === '200');
    if (!page?.fast) throw new Error('the notification list has no fast writer');
    const zod = zodWriterFor(page.schema);
    const reply = {
      content: [
        {
          id: 1,
          type: 'OPERATOR_MESSAGE',
          params: { channelName: '채널 "따옴표"', extra: undefined },
          message: 'line\nbreak \u2028 \ud83d',
          imageUrl: null,
          read: false,
          createdAt: '2026-11-24T00:00:00.000Z',
          timeString: '방금 전',
          landingUrl: null,
          channelId: null,
          channelName: null,
          notInTheContract: 1,
        },
      ],
      totalElements: 1,
      last: true,
      number: 0,
      size: 5,
      numberOfElements: 1,
      nextCursor: null,
    };
    expect(page.fast(reply)).toBe(zod(reply));
  });
});
