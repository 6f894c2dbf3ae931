// No zod here: the shell's create menu and channel list apply these on the first load (docs/decisions/057).
import type { Channel } from './channel';
import type { ChannelType, CreateOption } from './enums';

/** Spec section 2: a channel home exists only for media and contents channels. */
export function channelHasHome(type: ChannelType): boolean {
  return type === 'MEDIA_CHANNEL' || type === 'CONTENTS_CHANNEL';
}

/**
 * The rule behind the create menu and the create calls alike: only SERVICE
 * channels create; each option needs its own flag or service status.
 */
export function createOptionsFor(channel: Pick<Channel, 'status' | 'serviceStatus' | 'consumerInfo'>): CreateOption[] {
  if (channel.status.code !== 'SERVICE') return [];
  const options: CreateOption[] = [];
  if (channel.consumerInfo.useDocumentWrite) options.push('CONTENTS');
  if (channel.serviceStatus.shortsStatus.code === 'SERVICE') options.push('LOOP_UPLOAD');
  if (channel.consumerInfo.usePostWrite) options.push('POST');
  if (channel.serviceStatus.liveStatus.code === 'SERVICE') options.push('LIVE');
  return options;
}

/**
 * Why a create option is not offered for this channel now, for the create page that says so instead
 * of its form (issue 25, spec section 2: "each option shows only if enabled for that channel"), or
 * null when it is offered. The same rule as createOptionsFor, with the reason kept: the channel is not
 * in service (its status), or the option is paused, view only, stopped (shorts and live have a
 * service status of their own), or off (contents and posts are a flag).
 */
export type CreateRefusal =
  | { reason: 'CHANNEL_STATUS'; status: Channel['status']['code'] }
  | { reason: 'PAUSED' | 'VIEW_ONLY' | 'STOPPED' | 'OFF' };

export function createRefusal(channel: Pick<Channel, 'status' | 'serviceStatus' | 'consumerInfo'>, option: CreateOption): CreateRefusal | null {
  if (channel.status.code !== 'SERVICE') return { reason: 'CHANNEL_STATUS', status: channel.status.code };
  if (createOptionsFor(channel).includes(option)) return null;
  const service = option === 'LOOP_UPLOAD' ? channel.serviceStatus.shortsStatus.code : option === 'LIVE' ? channel.serviceStatus.liveStatus.code : null;
  if (service === 'PAUSE') return { reason: 'PAUSED' };
  if (service === 'VIEWONLY') return { reason: 'VIEW_ONLY' };
  if (service === 'TERMINATE') return { reason: 'STOPPED' };
  // A flag (contents, posts) that is off.
  return { reason: 'OFF' };
}

/** Studio paths (under the /studio base) of each create option. */
export function createOptionPath(option: CreateOption, channelId: number): string {
  switch (option) {
    case 'CONTENTS':
      return `/editor/${channelId}/draft`;
    case 'LOOP_UPLOAD':
      return `/channels/${channelId}/videos/shorts/upload`;
    case 'POST':
      return `/channels/${channelId}/contents/post/create`;
    case 'LIVE':
      return `/channels/${channelId}/videos/lives/create`;
  }
}
