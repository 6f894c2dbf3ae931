import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Closing waits for every open connection, and a keep-alive connection whose
 * request was in flight at close would stay open until the client drops it.
 * Answers sent while closing therefore end their connection.
 *
 * This is also the hook point for long-lived responses (SSE): they must end in
 * a `preClose` hook like the one below, or closing waits for them until the
 * shutdown deadline in main.ts.
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback style, here and in the other per-request hooks that never wait: no promise per request.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
});
