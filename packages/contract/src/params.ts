import { z } from 'zod';

/**
 * A path id: plain decimal digits only, no sign, no leading zero, no exponent,
 * no spaces, and small enough to be an exact JavaScript number. `0x1`, `1e0`,
 * `+1` and ` 1` would all read as 1 through `Number()`; here they are a 400.
 */
export const IdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .transform(Number)
  .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER));

export const IdParams = z.object({ id: IdParam });
export const ChannelIdParams = z.object({ channelId: IdParam });
export const ChannelInviteParams = ChannelIdParams.extend({ inviteId: IdParam });
export const ChannelTransferParams = ChannelIdParams.extend({ transferId: IdParam });
export const ChannelMemberParams = ChannelIdParams.extend({ userId: IdParam });
export const TransferIdParams = z.object({ transferId: IdParam });
export const ContentIdParams = z.object({ contentId: IdParam });
export const LiveIdParams = z.object({ liveId: IdParam });
export const ChannelContentParams = ChannelIdParams.extend({ contentId: IdParam });
