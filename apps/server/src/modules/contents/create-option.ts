import { createOptionsFor } from '@studio/contract/channel';
import type { CreateOption } from '@studio/contract/enums';
import type { ChannelRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { toChannel } from '../channels/channel-repository';

/** The server holds the create menu's rule too: a create call for a disabled option is refused. */
export function assertCreateOption(channel: ChannelRow, option: CreateOption): void {
  if (!createOptionsFor(toChannel(channel)).includes(option)) {
    throw new AppError('CREATE_OPTION_DISABLED', undefined, { option, channelStatus: channel.status });
  }
}
