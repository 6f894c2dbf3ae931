import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { HistoryRecord } from '@studio/contract/history';
import { IdParams } from '@studio/contract/params';
import { MySessionList, SessionsSignedOut } from '@studio/contract/session';
import { Me, MyLanguage, MyLanguageUpdate } from '@studio/contract/user';
import { requireUser } from '../../plugins/require-user';
import { idleCutoff } from '../../plugins/session';
import { myLanguageService } from './my-language-service';
import { mySessionService } from './my-session-service';
import { visitService } from './visit-service';

export async function meRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const visits = visitService(app.db);
  const languages = myLanguageService(app.db);
  const sessions = mySessionService(app.db, (ids) => app.sessions.forget(ids));
  const window = () => {
    const now = app.clock.now();
    return { now, idleCutoff: idleCutoff(now, app.config.sessionIdleHours) };
  };

  app.get('/me', { config: { access: 'session' }, schema: { tags: ['me'], response: { 200: Me, ...errorResponses } } }, async (request) => {
    const user = requireUser(request);
    // Every signed-in person is a studio user (spec section 6): a general user or a channel role holder.
    return { id: user.id, name: user.name, login: user.login, profileImageUrl: user.profileImageUrl, isUser: true, isOperator: user.isOperator };
  });

  app.get(
    '/me/language',
    {
      config: { access: 'session' },
      schema: { tags: ['me'], summary: "The studio language kept with the person (null until they choose one); the browser applies it after sign-in", response: { 200: MyLanguage, ...errorResponses } },
    },
    async (request) => languages.get(requireUser(request).id),
  );

  app.put(
    '/me/language',
    {
      config: { access: 'session' },
      schema: { tags: ['me'], summary: 'Keeps the studio language with the person, for every browser they sign in on; a repeat answers the same', body: MyLanguageUpdate, response: { 200: MyLanguage, ...errorResponses } },
    },
    async (request) => languages.set(requireUser(request).id, request.body.language),
  );

  app.post(
    '/my/history',
    {
      config: { access: 'session' },
      schema: { tags: ['me'], summary: 'Records a studio visit; sent once on app load', body: HistoryRecord.optional(), response: noContentResponses },
    },
    async (request, reply) => {
      await visits.record(requireUser(request).id, request.body?.path ?? null, request.headers['user-agent']?.slice(0, 512) ?? null);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me/sessions',
    {
      config: { access: 'session' },
      schema: {
        tags: ['me'],
        summary: "The signed-in person's studio sessions: device, address, sign-in and last use (written at most once a minute)",
        response: { 200: MySessionList, ...errorResponses },
      },
    },
    async (request) => sessions.list(requireUser(request), window()),
  );

  app.delete(
    '/me/sessions',
    {
      config: { access: 'session' },
      schema: {
        tags: ['me'],
        summary: 'Signs out every session of the person but this one, on every instance at once; a repeat answers 0',
        response: { 200: SessionsSignedOut, ...errorResponses },
      },
    },
    async (request) => sessions.revokeOthers(requireUser(request), app.clock.now()),
  );

  app.delete(
    '/me/sessions/:id',
    {
      config: { access: 'self' },
      schema: {
        tags: ['me'],
        summary: "Signs out one of the person's sessions; 404 for one that is not theirs, already signed out or unknown",
        params: IdParams,
        response: noContentResponses,
      },
    },
    async (request, reply) => {
      await sessions.revoke(requireUser(request), request.params.id, window());
      return reply.status(204).send(null);
    },
  );
}
