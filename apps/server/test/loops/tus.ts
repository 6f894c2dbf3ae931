import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ORIGIN } from '../helper';

/** The headers a tus client sends, as the studio's browser would (session cookie, own origin). */
export const tusHeaders = (cookie: string, extra: Record<string, string> = {}) => ({ cookie, origin: ORIGIN, 'tus-resumable': '1.0.0', ...extra });

/** Uploads a whole file over tus in one PATCH; answers the loop id (queued for processing). */
export async function uploadWhole(app: FastifyInstance, channelId: number, cookie: string, file: string): Promise<string> {
  const bytes = readFileSync(file);
  const created = await app.inject({ method: 'POST', url: `/api/channels/${channelId}/loops/uploads`, headers: tusHeaders(cookie, { 'upload-length': String(bytes.length) }) });
  expect(created.statusCode).toBe(201);
  const location = created.headers.location as string;
  const patched = await app.inject({ method: 'PATCH', url: location, headers: tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), payload: bytes });
  expect(patched.statusCode).toBe(204);
  return location.split('/').pop() as string;
}
