import { REVIEWED_APPLY_WINDOW_DAYS } from '@studio/contract/constants';
import type { ChannelDetail } from '@studio/contract/member';
import type { MemberRole } from '@studio/contract/enums';
import type { ChannelRow, Db } from '../../db/schema';
import { applicationRepository } from '../applications/application-repository';
import { channelRepository, toChannel } from './channel-repository';
import { assertHasHome, assertSubscriberCountSupported } from './channel-rules';

/** A channel and the people on it: what the access hook, the shell and a channel's own pages read and change. */
export function channelService(db: Db) {
  const channels = channelRepository(db);
  const applications = applicationRepository(db);

  return {
    /** A live (not deleted) channel and the person's role on it (null without one): what the access hook decides on. */
    findWithRole: (channelId: number, userId: number) => channels.findWithRole(channelId, userId),

    /** Every channel the person holds a role on, owned ones first. */
    listForMember: (userId: number) => channels.listForMember(userId),

    /** Whether an application of the person's was reviewed in the last REVIEWED_APPLY_WINDOW_DAYS days (the selector's new-alarm marker). */
    hasReviewedApply: (userId: number, now: Date) =>
      applications.hasReviewedSince(userId, new Date(now.getTime() - REVIEWED_APPLY_WINDOW_DAYS * 86_400_000)),

    /** The channel's home header: only media and contents channels have a home. */
    detail(channel: ChannelRow, role: MemberRole): ChannelDetail {
      assertHasHome(channel);
      return { ...toChannel(channel), role, subscriberCount: channel.subscriber_count, showSubscriberCount: channel.show_subscriber_count };
    },

    /** Only a media channel shows or hides its subscriber count. */
    async setShowSubscriberCount(channel: ChannelRow, show: boolean, now: Date): Promise<void> {
      assertSubscriberCountSupported(channel);
      await channels.setShowSubscriberCount(channel.id, show, now);
    },
  };
}
