import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSharedValue } from './read-cache';

type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of what a zod schema lets out (its output side), for fast-json-stringify; undefined
 * when zod cannot say it in JSON Schema (a transform, a custom check): such a response keeps zod.
 */
export function responseJsonSchema(schema: z.core.$ZodType): JsonSchema | undefined {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema;
    delete json.$schema;
    return json;
  } catch {
    return undefined;
  }
}

/**
 * `additionalProperties: false` dropped throughout: fast-json-stringify writes only the declared
 * properties either way, but it picks a union's branch by validating the value, and a row carrying a
 * key the contract does not name must still match (zod drops such keys and so passes it).
 */
function lenient(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(lenient);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    copy[key] = key === 'properties' || key === 'definitions' || key === '$defs' ? Object.fromEntries(Object.entries(value as object).map(([name, inner]) => [name, lenient(inner)])) : lenient(value);
  }
  return copy;
}

/** fast-json-stringify's writer for a zod schema, or undefined when the schema cannot be written that way. */
export function fastWriterFor(schema: z.core.$ZodType): ((data: unknown) => string) | undefined {
  const json = responseJsonSchema(schema);
  if (!json) return undefined;
  try {
    return fastJson(lenient(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

/** What the zod path writes: the value encoded by the schema (so checked, unknown keys dropped), then JSON. */
export function zodWriterFor(schema: z.core.$ZodType, method = 'GET', url = '/'): (data: unknown) => string {
  const compiled = zodSerializerCompiler({ schema, method, url, httpStatus: '200' });
  return (data) => compiled(data);
}

/** Every reply writer compiled with `verify` in this process, and which path it took (the serializer test walks them). */
export const compiledWriters: { method: string; url: string; status: string; schema: z.core.$ZodType; fast: ((data: unknown) => string) | undefined }[] = [];

export class SerializerMismatchError extends Error {
  override readonly name = 'SerializerMismatchError';
}

/**
 * Replies are written from JSON Schema by fast-json-stringify (Fastify's own path), the schema made
 * from the contract's zod schema once per route, instead of encoding every reply with zod. With
 * `verify` (everywhere but production) each reply is also written the zod way: an invalid reply still
 * fails as it did, and a reply the two would write differently fails loudly, so every test of every
 * route checks the fast path against the contract.
 */
export function createFastSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<z.core.$ZodType | { properties: z.core.$ZodType }> {
  return (route) => {
    // Classic zod and zod/mini schemas alike (the contract writes what the web's first load parses in mini).
    const schema = route.schema instanceof z.core.$ZodType ? route.schema : (route.schema as { properties?: unknown }).properties;
    const zodWriter = zodSerializerCompiler(route) as (data: unknown) => string;
    if (!(schema instanceof z.core.$ZodType)) return zodWriter;
    const fast = fastWriterFor(schema);
    if (options.verify) compiledWriters.push({ method: String(route.method), url: route.url, status: String(route.httpStatus), schema, fast });
    const where = `${route.method} ${route.url} ${route.httpStatus}`;
    if (!fast) return writtenOnce(zodWriter, options.verify, where);
    if (!options.verify) return writtenOnce(fast, false, where);
    return writtenOnce(
      (data) => {
        const expected = zodWriter(data);
        const written = fast(data);
        if (written !== expected) throw new SerializerMismatchError(`${where}: fast-json-stringify wrote ${written}, zod ${expected}`);
        return written;
      },
      true,
      where,
    );
  };
}

/**
 * A reply made of a value a read cache holds is written once, to the bytes sent, and those bytes are
 * sent again for as long as the value is kept: the value is the same object on every request until
 * what it was read from changes, and is then replaced, never changed in place. (Fastify sends a Buffer
 * as it is: no JSON written, no length counted, no UTF-8 encoded per request.) With `verify` the reply
 * is written again every time and must equal the kept bytes: a shared value changed in place fails.
 */
export function writtenOnce(write: (data: unknown) => string, verify: boolean, where: string): (data: unknown) => string {
  const written = new WeakMap<object, Buffer>();
  const writer = (data: unknown): string | Buffer => {
    if (!isSharedValue(data)) return write(data);
    const kept = written.get(data);
    if (kept && !verify) return kept;
    const fresh = write(data);
    if (!kept) {
      const bytes = Buffer.from(fresh);
      written.set(data, bytes);
      return bytes;
    }
    if (kept.toString() !== fresh) throw new SerializerMismatchError(`${where}: a kept value was changed in place after its reply was written: ${kept.toString()} then ${fresh}`);
    return kept;
  };
  // Fastify's type says string; it sends a Buffer as it is (reply.js onSendEnd).
  return writer as (data: unknown) => string;
}
