import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { removeAbandoned } from './abandoned-files';
import { parseRange } from './http-range';
import { isMediaKind, mediaStore, type MediaKind, type MediaStore } from './media-store';
import { replyWithObject } from './object-reply';
import { createObjectStore } from './stores/create-object-store';
import { reapLeftoverTools, recordToolsIn } from './tool-processes';

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaStore;
  }
}

/** Stored media never changes under its name (names are made once, unguessable): cached for a year by browsers and CDNs alike. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `app.media`, on every instance (jobs write and remove media): the one object store STORAGE chose
 * (disk or S3), built once, its failures counted in the metrics, and checked at start-up (an S3
 * bucket that is missing or refuses the credentials stops the start with the reason). Then what a
 * server that died left behind is cleared away. The files are served by `mediaFileRoutes`, on `web`
 * instances.
 */
export const mediaPlugin = fp(
  async (app: FastifyInstance) => {
    const { storage, dataDir } = app.config;
    const objects = createObjectStore(storage, dataDir, { failed: (operation) => app.metrics.storeRequestFailed(storage.kind, operation) });
    await objects.check();
    app.decorate('media', mediaStore(objects));

    // What a server that died (a crash, kill -9) left behind: its tools, if any outlived it, and its
    // half-written files (the disk store's hidden temporary names, `.part` of older versions, the
    // scratch folders of loop runs).
    const runDir = path.resolve(dataDir, 'run');
    recordToolsIn(path.join(runDir, 'tools'));
    const reaped = reapLeftoverTools(path.join(runDir, 'tools'));
    if (reaped > 0) app.log.warn({ reaped }, 'killed tools left running by a server that is gone');
    // A file nobody wrote to for a loop lease is abandoned: a live writer renews it far more often.
    const olderThanMs = app.config.loops.leaseSeconds * 1000;
    const partials =
      (storage.kind === 'disk' ? await removeAbandoned(path.resolve(dataDir, 'media'), { suffixes: ['.part', '.tmp'], olderThanMs, depth: 2 }) : 0) +
      (await removeAbandoned(path.join(runDir, 'loops'), { suffixes: ['.frames', '.work', '.source'], olderThanMs, depth: 1 }));
    if (partials > 0) app.log.warn({ partials }, 'removed files left half-written by a server that is gone');
  },
  { name: 'media' },
);

/** A strong validator of a stored object: its key, since a key is written once and never rewritten. */
const etagOf = (key: string) => `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;

/** Who may read one stored name of a kind kept private until published (see `MediaRoutesOptions`). */
export type MediaReadCheck = (name: string, userId: number | null) => Promise<'public' | 'private' | undefined>;

export type MediaRoutesOptions = {
  /**
   * Kinds whose names are not public by themselves (issue 22: unpublished loop renditions): each read asks
   * the check. `public` is served to anyone but cached briefly (it may stop being public), `private` only
   * to the reader and never by a shared cache, anything else is not found, as a name never written.
   */
  checked?: Partial<Record<MediaKind, MediaReadCheck>>;
};

/** A checked name that is public now may be hidden later: caches keep it a minute, not a year. */
const CHECKED_PUBLIC = 'public, max-age=60';
/** A checked name read through the studio's access check: the reader's browser only, asked again each time (a 304 when unchanged). */
const CHECKED_PRIVATE = 'private, no-cache';

/**
 * `GET /media/<kind>/<name>`: stored media, read from the store (disk or bucket, whichever instance
 * wrote it), public by unguessable name and immutable (the `checked` kinds aside), with the type it was stored with and `nosniff`
 * (set for every answer by the security headers plugin). One byte range per request (206, or 416
 * with the size when it starts past the end), an ETag (304 to If-None-Match), no listings.
 */
export async function mediaFileRoutes(app: FastifyInstance, options: MediaRoutesOptions) {
  app.get<{ Params: { kind: string; name: string } }>('/media/:kind/:name', { schema: { hide: true } }, async (request, reply) => {
    const { kind, name } = request.params;
    if (!isMediaKind(kind)) throw new AppError('NOT_FOUND');
    const key = app.media.keyFor(kind, name);
    const check = options.checked?.[kind];
    let cacheControl = IMMUTABLE;
    if (check) {
      const access = await check(name, request.user?.id ?? null);
      if (!access) throw new AppError('NOT_FOUND');
      cacheControl = access === 'public' ? CHECKED_PUBLIC : CHECKED_PRIVATE;
    }
    const etag = etagOf(key);
    const matches = (header: string | undefined) => header !== undefined && header.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
    if (matches(request.headers['if-none-match'])) {
      // Sent only for what the store holds: a 304 for a name never written would say it exists.
      if (await app.media.objects.head(key)) return reply.status(304).header('etag', etag).header('cache-control', cacheControl).send();
      throw new AppError('NOT_FOUND');
    }
    const ifRange = request.headers['if-range'];
    const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range) : undefined;
    const sent = await replyWithObject(reply, (options) => app.media.objects.get(key, options), range, (object) => ({
      'content-type': object.contentType,
      'cache-control': cacheControl,
      etag,
    }));
    if (!sent) throw new AppError('NOT_FOUND');
    return reply;
  });
}
