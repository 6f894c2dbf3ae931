import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChannelDetail, ChannelUserProfile, SubscriberCountSetting, UserProfile } from '@studio/contract/member';
import { AppError } from '../../lib/errors';
import { requireUser } from '../../plugins/require-user';
import { ChannelIdParams, assertHasHome, channelAccess, ownerAccess } from './channel-access';
import { toChannel } from './channel-repository';

export async function channelDetailRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['channels'];

  app.get(
    '/channels/:channelId',
    { schema: { tags, summary: 'A channel with a home (media and contents channels only)', params: ChannelIdParams, response: { 200: ChannelDetail } } },
    async (request) => {
      const { channel, role } = await channelAccess(app.db, request.params.channelId, requireUser(request).id);
      assertHasHome(channel);
      return { ...toChannel(channel), role, subscriberCount: channel.subscriber_count, showSubscriberCount: channel.show_subscriber_count };
    },
  );

  app.get(
    '/channels/:channelId/user-profile',
    { schema: { tags, summary: 'The channel user profile of the signed-in person', params: ChannelIdParams, response: { 200: ChannelUserProfile } } },
    async (request) => {
      const { role } = await channelAccess(app.db, request.params.channelId, requireUser(request).id);
      return { isOwner: role === 'OWNER', isManager: role === 'MANAGER', isCreditManager: role === 'CREDIT_MANAGER' };
    },
  );

  app.get('/my/profile', { schema: { tags: ['me'], summary: 'The user profile (spec section 3)', response: { 200: UserProfile } } }, async (request) => {
    requireUser(request);
    return { isUser: true };
  });

  app.put(
    '/channels/:channelId/settings/subscriber-count',
    {
      schema: {
        tags,
        summary: 'Show or hide the subscriber count (media channels, owner only)',
        params: ChannelIdParams,
        body: SubscriberCountSetting,
        response: { 200: SubscriberCountSetting },
      },
    },
    async (request) => {
      const { channel } = await ownerAccess(app.db, request.params.channelId, requireUser(request).id);
      if (channel.channel_type !== 'MEDIA_CHANNEL') throw new AppError('CHANNEL_TYPE_UNSUPPORTED');
      await app.db
        .updateTable('channels')
        .set({ show_subscriber_count: request.body.showSubscriberCount, updated_at: app.clock.now() })
        .where('id', '=', channel.id)
        .execute();
      return { showSubscriberCount: request.body.showSubscriberCount };
    },
  );
}
