import { z } from 'zod/mini';
import { ChannelStatus, ChannelType, CreateOption, LiveServiceStatus, MemberRole, ShortsStatus } from './enums';

// zod/mini: the shell's channel selector and create menu parse these on every first load (docs/decisions/023).
const coded = <T extends z.ZodMiniType>(code: T) => z.object({ code });

const ChannelLabel = z.object({ code: z.string(), name: z.string() });

/** Spec section 3, "Channel": every field, in the spec's shape. */
export const Channel = z.object({
  id: z.int(),
  name: z.string(),
  channelInfo: z.object({
    profileImageUrl: z.nullable(z.string()),
    channelType: coded(ChannelType),
  }),
  status: coded(ChannelStatus),
  serviceStatus: z.object({
    shortsStatus: coded(ShortsStatus),
    liveStatus: coded(LiveServiceStatus),
  }),
  consumerInfo: z.object({
    useMainnews: z.boolean(),
    useDocumentWrite: z.boolean(),
    usePostWrite: z.boolean(),
  }),
  channelLabelInfo: z.object({ labels: z.array(ChannelLabel) }),
});
export type Channel = z.infer<typeof Channel>;

/** A channel the signed-in person holds a role on. */
export const MyChannel = z.extend(Channel, { role: MemberRole });
export type MyChannel = z.infer<typeof MyChannel>;

export const MyChannelList = z.array(MyChannel);

/** A SERVICE channel and the create options it offers. */
export const CreatableChannel = z.object({
  channelId: z.int(),
  name: z.string(),
  profileImageUrl: z.nullable(z.string()),
  channelType: ChannelType,
  options: z.array(CreateOption),
});
export type CreatableChannel = z.infer<typeof CreatableChannel>;
export const CreatableChannelList = z.array(CreatableChannel);

export const HasReviewedApply = z.object({ hasReviewedApply: z.boolean() });
export type HasReviewedApply = z.infer<typeof HasReviewedApply>;

// The rules on channels have no zod (channel-rules.ts): the browser's first load applies them (docs/decisions/057).
export { channelHasHome, createOptionPath, createOptionsFor, createRefusal, type CreateRefusal } from './channel-rules';
