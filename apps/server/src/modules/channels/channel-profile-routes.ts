import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PROFILE_IMAGE_SIZE, UploadedImage } from '@studio/contract/application';
import { BANNER_IMAGE_HEIGHT, BANNER_IMAGE_WIDTH, ChannelProfile, ChannelProfileSaved, ChannelProfileUpdate } from '@studio/contract/channel-profile';
import { ErrorBody } from '@studio/contract/errors';
import { ChannelIdParams } from '@studio/contract/params';
import { errorResponses } from '@studio/contract/responses';
import { MAX_IMAGE_BYTES, uploadedFile, uploadRateLimit } from '../../media/upload';
import { requireChannel, requireUser } from '../../plugins/require-user';
import { channelProfileService } from './channel-profile-service';

/** Issue 25, point 1: a channel's profile. Every member reads it; only the owner changes it (spec section 6). */
export async function channelProfileRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const profiles = channelProfileService(app.db);
  const tags = ['channels'];

  app.get(
    '/channels/:channelId/profile',
    {
      config: { access: 'channel:member' },
      schema: { tags, summary: "The channel's profile: name, description, images and links with their kinds", params: ChannelIdParams, response: { 200: ChannelProfile, ...errorResponses } },
    },
    async (request) => profiles.read(requireChannel(request).channel.id),
  );

  app.put(
    '/channels/:channelId/profile',
    {
      config: { access: 'channel:owner' },
      schema: {
        tags,
        summary: "Save the channel's profile (owner only). A save that changes nothing answers the same profile and writes nothing",
        params: ChannelIdParams,
        body: ChannelProfileUpdate,
        response: { 200: ChannelProfileSaved, ...errorResponses },
      },
    },
    async (request) => profiles.save(requireChannel(request).channel.id, requireUser(request).id, request.body, app.clock.now()),
  );

  const imageRoute = (path: string, summary: string, resize: { width: number; height: number }) =>
    app.post(
      path,
      {
        config: { access: 'channel:owner', rateLimit: uploadRateLimit('channel-profile-image', app.config.uploadRateLimitPerMinute) },
        schema: {
          tags,
          summary,
          consumes: ['multipart/form-data'],
          params: ChannelIdParams,
          response: { 201: UploadedImage, ...errorResponses, 413: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const file = await uploadedFile(request, MAX_IMAGE_BYTES);
        const saved = await app.media.saveImage(file, { kind: 'profiles', maxBytes: MAX_IMAGE_BYTES, resize: { ...resize, fit: 'cover' } });
        return reply.status(201).send({ url: saved.url, width: saved.width, height: saved.height });
      },
    );

  imageRoute(
    '/channels/:channelId/profile/image',
    `The channel's profile image (multipart, one file; owner only): judged by its content, cropped to ${PROFILE_IMAGE_SIZE} px square. Saving the profile puts it in use`,
    { width: PROFILE_IMAGE_SIZE, height: PROFILE_IMAGE_SIZE },
  );
  imageRoute(
    '/channels/:channelId/profile/banner',
    `The channel's banner (multipart, one file; owner only): judged by its content, cropped to ${BANNER_IMAGE_WIDTH}×${BANNER_IMAGE_HEIGHT} px. Saving the profile puts it in use`,
    { width: BANNER_IMAGE_WIDTH, height: BANNER_IMAGE_HEIGHT },
  );
}
