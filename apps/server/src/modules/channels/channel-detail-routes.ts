import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChannelDetail, ChannelUserProfile, SubscriberCountSetting, UserProfile } from '@studio/contract/member';
import { ChannelIdParams } from '@studio/contract/params';
import { errorResponses } from '@studio/contract/responses';
import { requireChannel } from '../../plugins/require-user';
import { channelService } from './channel-service';

export async function channelDetailRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const channels = channelService(app.db);
  const tags = ['channels'];

  app.get(
    '/channels/:channelId',
    {
      config: { access: 'channel:member' },
      schema: { tags, summary: 'A channel with a home (media and contents channels only)', params: ChannelIdParams, response: { 200: ChannelDetail, ...errorResponses } },
    },
    async (request) => {
      const { channel, role } = requireChannel(request);
      return channels.detail(channel, role);
    },
  );

  app.get(
    '/channels/:channelId/user-profile',
    {
      config: { access: 'channel:member' },
      schema: { tags, summary: 'The channel user profile of the signed-in person', params: ChannelIdParams, response: { 200: ChannelUserProfile, ...errorResponses } },
    },
    async (request) => {
      const { role } = requireChannel(request);
      return { isOwner: role === 'OWNER', isManager: role === 'MANAGER', isCreditManager: role === 'CREDIT_MANAGER' };
    },
  );

  app.get(
    '/my/profile',
    { config: { access: 'session' }, schema: { tags: ['me'], summary: 'The user profile (spec section 3)', response: { 200: UserProfile, ...errorResponses } } },
    async () => ({ isUser: true }),
  );

  app.put(
    '/channels/:channelId/settings/subscriber-count',
    {
      config: { access: 'channel:owner' },
      schema: {
        tags,
        summary: 'Show or hide the subscriber count (media channels, owner only)',
        params: ChannelIdParams,
        body: SubscriberCountSetting,
        response: { 200: SubscriberCountSetting, ...errorResponses },
      },
    },
    async (request) => {
      await channels.setShowSubscriberCount(requireChannel(request).channel, request.body.showSubscriberCount, app.clock.now());
      return { showSubscriberCount: request.body.showSubscriberCount };
    },
  );
}
