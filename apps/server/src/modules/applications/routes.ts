import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApplicationDetail, ApplicationDraft, ApplicationForm, PROFILE_IMAGE_SIZE, SavedDraft, UploadedImage } from '@studio/contract/application';
import { ErrorBody } from '@studio/contract/errors';
import { IdParams } from '@studio/contract/params';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { MAX_IMAGE_BYTES, uploadedFile, uploadRateLimit } from '../../media/upload';
import { requireUser } from '../../plugins/require-user';
import { applicationService } from './application-service';

/** The applicant's side: the form's server-side draft, submitting, reading one's own application, re-applying from a copy. */
export async function applicationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = applicationService(app.db);
  const tags = ['applications'];

  app.get(
    '/applications/draft',
    { config: { access: 'session' }, schema: { tags, summary: 'My half-filled application form (draft null when there is none)', response: { 200: SavedDraft, ...errorResponses } } },
    async (request) => service.draft(requireUser(request).id),
  );

  app.put(
    '/applications/draft',
    {
      config: { access: 'session' },
      schema: { tags, summary: 'Save my half-filled form (replaces the previous draft)', body: ApplicationDraft, response: { 200: SavedDraft, ...errorResponses } },
    },
    async (request) => service.saveDraft(requireUser(request).id, request.body, app.clock.now()),
  );

  app.delete(
    '/applications/draft',
    { config: { access: 'session' }, schema: { tags, summary: 'Discard my draft (a repeat is a no-op)', response: noContentResponses } },
    async (request, reply) => {
      await service.deleteDraft(requireUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/applications',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Apply for a channel (starts in WAIT; discards my draft)',
        body: ApplicationForm,
        response: { 201: ApplicationDetail, ...errorResponses },
      },
    },
    async (request, reply) => {
      const detail = await service.submit(requireUser(request).id, request.body, app.clock.now());
      return reply.status(201).send(detail);
    },
  );

  app.get(
    '/applications/:id',
    { config: { access: 'self' }, schema: { tags, summary: 'One of my applications, with its timeline', params: IdParams, response: { 200: ApplicationDetail, ...errorResponses } } },
    async (request) => service.mine(requireUser(request).id, request.params.id),
  );

  app.post(
    '/applications/:id/copy',
    {
      config: { access: 'self' },
      schema: {
        tags,
        summary: 'Copy a rejected application of mine into my draft, to apply again',
        params: IdParams,
        response: { 200: SavedDraft, ...errorResponses },
      },
    },
    async (request) => service.copyToDraft(requireUser(request).id, request.params.id, app.clock.now()),
  );

  app.post(
    '/applications/profile-image',
    {
      config: { access: 'session', rateLimit: uploadRateLimit('profile-image', app.config.uploadRateLimitPerMinute) },
      schema: {
        tags,
        summary: `The channel's profile image (multipart, one file): judged by its content, cropped to ${PROFILE_IMAGE_SIZE} px square, stored as JPEG`,
        consumes: ['multipart/form-data'],
        response: { 201: UploadedImage, ...errorResponses, 413: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const file = await uploadedFile(request, MAX_IMAGE_BYTES);
      const saved = await app.media.saveImage(file, {
        kind: 'profiles',
        maxBytes: MAX_IMAGE_BYTES,
        resize: { width: PROFILE_IMAGE_SIZE, height: PROFILE_IMAGE_SIZE, fit: 'cover' },
      });
      return reply.status(201).send({ url: saved.url, width: saved.width, height: saved.height });
    },
  );
}
