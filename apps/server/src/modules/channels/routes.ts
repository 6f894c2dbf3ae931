import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreatableChannelList, HasReviewedApply, MyChannelList, createOptionsFor } from '@studio/contract/channel';
import { REVIEWED_APPLY_WINDOW_DAYS } from '@studio/contract/constants';
import { errorResponses } from '@studio/contract/responses';
import { singleFlight } from '../../lib/single-flight';
import { requireUser } from '../../plugins/require-user';
import { channelService } from './channel-service';

export async function channelRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const channels = channelService(app.db);
  // The shell asks for both lists at once on its first load: one membership query answers both, and
  // later asks are answered from memory until a membership or one of the channels changes.
  const query = singleFlight((userId: number) => channels.listForMember(userId));
  const membership = (userId: number) =>
    app.readCache.read(`my-channels:${userId}`, userId, () => query(userId), (list) => [`m:${userId}`, ...list.map((channel) => `c:${channel.id}`)]);

  app.get(
    '/my/channels',
    { config: { access: 'session' }, schema: { tags: ['channels'], summary: 'Channels the signed-in person holds a role on', response: { 200: MyChannelList, ...errorResponses } } },
    async (request) => membership(requireUser(request).id),
  );

  app.get(
    '/my/channels/creatable',
    {
      config: { access: 'session' },
      schema: {
        tags: ['channels'],
        summary: 'SERVICE channels and the create options each offers (the create menu)',
        response: { 200: CreatableChannelList, ...errorResponses },
      },
    },
    async (request) => {
      const mine = await membership(requireUser(request).id);
      return mine
        .map((channel) => ({
          channelId: channel.id,
          name: channel.name,
          profileImageUrl: channel.channelInfo.profileImageUrl,
          channelType: channel.channelInfo.channelType.code,
          options: createOptionsFor(channel),
        }))
        .filter((channel) => channel.options.length > 0);
    },
  );

  app.get(
    '/channels/management/has-reviewed-apply',
    {
      config: { access: 'session' },
      schema: {
        tags: ['channels'],
        summary: `Whether an application of the person's was reviewed in the last ${REVIEWED_APPLY_WINDOW_DAYS} days`,
        response: { 200: HasReviewedApply, ...errorResponses },
      },
    },
    async (request) => {
      return { hasReviewedApply: await channels.hasReviewedApply(requireUser(request).id, app.clock.now()) };
    },
  );
}
