import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MEDIA_PREFIX, mediaStore, type MediaStore } from './media-store';

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaStore;
  }
}

/**
 * `app.media` and `GET /media/<kind>/<name>`: stored files are public by unguessable name,
 * immutable (a name is never reused), with the type of the file the server wrote and `nosniff`
 * (set for every answer by the security headers plugin).
 */
export const mediaPlugin = fp(
  async (app: FastifyInstance) => {
    const store = mediaStore(app.config.dataDir);
    app.decorate('media', store);
    mkdirSync(store.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: store.root,
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
  },
  { name: 'media' },
);
