import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { errorCatalogue } from '@studio/contract/errors';
import { AppError } from '../lib/errors';

/** The largest file any route takes (a loop's upload goes through tus, not here). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Stills: profile images, thumbnails, images in contents and posts. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * The one file of a multipart request, as a stream cut at `maxBytes` (past it, reading fails with
 * 413 UPLOAD_TOO_LARGE). Its declared name and type are ignored: stores judge the content.
 */
export async function uploadedFile(request: FastifyRequest, maxBytes = MAX_IMAGE_BYTES): Promise<Readable> {
  if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING');
  let file;
  try {
    file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (error) {
    // Broken multipart framing (no boundary, a boundary that never comes, a cut body) is the
    // sender's fault; the size limits keep their own answer.
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode === 413) throw new AppError('UPLOAD_TOO_LARGE', undefined, { maxBytes });
    throw new AppError('UPLOAD_MISSING', undefined, { reason: error instanceof Error ? error.message : 'unreadable upload' });
  }
  if (!file) throw new AppError('UPLOAD_MISSING');
  return file.file;
}

/**
 * The per-person allowance of an upload route (`config: { rateLimit }`, @fastify/rate-limit, per
 * instance): `max` requests a minute for each signed-in person on this route (`name`), then 429
 * RATE_LIMITED until the minute is over. Every route that takes a file declares one.
 */
export function uploadRateLimit(name: string, max: number) {
  return {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.id ?? request.ip}`,
    errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: errorCatalogue.RATE_LIMITED.message }),
  };
}
