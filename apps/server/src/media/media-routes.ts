import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { removeAbandoned } from './abandoned-files';
import { MEDIA_PREFIX, mediaStore, type MediaStore } from './media-store';
import { reapLeftoverTools, recordToolsIn } from './tool-processes';

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaStore;
  }
}

/**
 * `app.media`, on every instance (jobs write and remove media), after what a server that died left
 * behind is cleared away. The files are served by `mediaFileRoutes`, on `web` instances.
 */
export const mediaPlugin = fp(
  async (app: FastifyInstance) => {
    const store = mediaStore(app.config.dataDir);
    app.decorate('media', store);
    mkdirSync(store.root, { recursive: true });

    // What a server that died (a crash, kill -9) left behind: its tools, if any outlived it, and its
    // half-written files (`.part` beside their final names, the scratch folders of loop runs).
    const runDir = path.resolve(app.config.dataDir, 'run');
    recordToolsIn(path.join(runDir, 'tools'));
    const reaped = reapLeftoverTools(path.join(runDir, 'tools'));
    if (reaped > 0) app.log.warn({ reaped }, 'killed tools left running by a server that is gone');
    // A file nobody wrote to for a loop lease is abandoned: a live writer renews it far more often.
    const olderThanMs = app.config.loops.leaseSeconds * 1000;
    const partials =
      (await removeAbandoned(store.root, { suffixes: ['.part'], olderThanMs, depth: 2 })) +
      (await removeAbandoned(path.join(runDir, 'loops'), { suffixes: ['.frames'], olderThanMs, depth: 1 }));
    if (partials > 0) app.log.warn({ partials }, 'removed files left half-written by a server that is gone');
  },
  { name: 'media' },
);

/**
 * `GET /media/<kind>/<name>`: stored files are public by unguessable name, immutable (a name is
 * never reused), with the type of the file the server wrote and `nosniff` (set for every answer by
 * the security headers plugin).
 */
export async function mediaFileRoutes(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: app.media.root,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    // Folders are created on first write: a fresh install has none yet.
    allowedPath: (pathName) => !pathName.endsWith('.part'),
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
