import { channelHasHome } from '@studio/contract/channel';
import type { ProfileField } from '@studio/contract/channel-profile';
import type { ChannelRow } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Channel home exists only for media and contents channels (spec section 2). */
export function assertHasHome(channel: ChannelRow): void {
  if (!channelHasHome(channel.channel_type)) {
    throw new AppError('CHANNEL_NOT_FOUND', '채널 홈은 미디어 채널과 콘텐츠 채널에만 있습니다.');
  }
}

/** Subscriber-count settings exist only for media channels (spec section 6). */
export function assertSubscriberCountSupported(channel: ChannelRow): void {
  if (channel.channel_type !== 'MEDIA_CHANNEL') throw new AppError('CHANNEL_TYPE_UNSUPPORTED');
}

type ProfileValues = {
  name: string;
  description: string;
  profile_image_url: string | null;
  banner_image_url: string | null;
  links: readonly { url: string }[];
};

/** Which parts of a channel's profile differ, in the order the form shows them; links compare in order. */
export function profileChanges(before: ProfileValues, after: ProfileValues): ProfileField[] {
  const changed: ProfileField[] = [];
  if (before.name !== after.name) changed.push('NAME');
  if (before.description !== after.description) changed.push('DESCRIPTION');
  if (before.profile_image_url !== after.profile_image_url) changed.push('PROFILE_IMAGE');
  if (before.banner_image_url !== after.banner_image_url) changed.push('BANNER');
  const sameLinks = before.links.length === after.links.length && before.links.every((link, index) => link.url === after.links[index]?.url);
  if (!sameLinks) changed.push('LINKS');
  return changed;
}
