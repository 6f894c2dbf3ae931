import { channelHasHome } from '@studio/contract/channel';
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
