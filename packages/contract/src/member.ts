import { z } from 'zod';
import { Channel } from './channel';
import { ProfileField } from './channel-profile';
import { ChannelManagementType, MemberRole } from './enums';
import { pageNumber, pageOf, pageSize } from './page';
import { text } from './text';
import { Instant } from './time';

/** Spec section 3, "User profile". */
export const UserProfile = z.object({ isUser: z.boolean() });

/** Spec section 3, "Channel user profile". */
export const ChannelUserProfile = z.object({
  isOwner: z.boolean(),
  isManager: z.boolean(),
  isCreditManager: z.boolean(),
});
export type ChannelUserProfile = z.infer<typeof ChannelUserProfile>;

/** A channel as its home page needs it: the spec's fields plus its settings and my role. */
export const ChannelDetail = z.object({
  ...Channel.shape,
  role: MemberRole,
  subscriberCount: z.number().int(),
  showSubscriberCount: z.boolean(),
});
export type ChannelDetail = z.infer<typeof ChannelDetail>;

export const SubscriberCountSetting = z.object({ showSubscriberCount: z.boolean() });

export const Member = z.object({
  userId: z.number().int(),
  login: z.string(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
  role: MemberRole,
  since: Instant,
});
export type Member = z.infer<typeof Member>;
export const MemberList = z.array(Member);

export const InvitableRole = z.enum(['MANAGER', 'CREDIT_MANAGER']);
export const CreateInviteBody = z.object({
  login: text({ min: 1, max: 100 }),
  role: InvitableRole,
});
export const CreateTransferBody = z.object({ login: text({ min: 1, max: 100 }) });

export const ChannelInvite = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: MemberRole,
  createdAt: Instant,
  expiresAt: Instant.nullable(),
});
export type ChannelInvite = z.infer<typeof ChannelInvite>;
export const ChannelInviteList = z.array(ChannelInvite);

export const ChannelTransfer = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  createdAt: Instant,
  expiresAt: Instant,
});
export type ChannelTransfer = z.infer<typeof ChannelTransfer>;
export const ChannelTransferList = z.array(ChannelTransfer);

export const ActivityAction = z.enum([
  'INVITE_SENT',
  'INVITE_CANCELLED',
  'INVITE_ACCEPTED',
  'INVITE_DECLINED',
  'MEMBER_REMOVED',
  'MEMBER_LEFT',
  'TRANSFER_STARTED',
  'TRANSFER_CANCELLED',
  'TRANSFER_ACCEPTED',
  'TRANSFER_DECLINED',
  /** Issue 25: the owner changed the channel's profile; `fields` names what changed. */
  'PROFILE_CHANGED',
]);
export type ActivityAction = z.infer<typeof ActivityAction>;

export const Activity = z.object({
  id: z.number().int(),
  action: ActivityAction,
  actorName: z.string().nullable(),
  targetName: z.string().nullable(),
  role: z.nullable(MemberRole),
  /** PROFILE_CHANGED: the parts of the profile that changed; null for role activity. */
  fields: z.array(ProfileField).nullable(),
  createdAt: Instant,
});
export type Activity = z.infer<typeof Activity>;
export const ActivityPage = pageOf(Activity);
export const ActivityQuery = z.object({ page: pageNumber.default(0), size: pageSize(20) });

/** Spec section 3, "Invite", loaded by inviteObjectId. */
export const InviteDetail = z.object({
  ownerProfileImageUrl: z.string().nullable(),
  ownerProfileName: z.string().nullable(),
  channelName: z.string(),
  channelManagementType: ChannelManagementType,
});
export type InviteDetail = z.infer<typeof InviteDetail>;

/** Spec section 3, "Transfer", loaded by transferObjectId. */
export const TransferDetail = z.object({
  oldOwnerProfileImageUrl: z.string().nullable(),
  oldOwnerProfileName: z.string(),
  channelName: z.string(),
});
export type TransferDetail = z.infer<typeof TransferDetail>;

export const AcceptResult = z.object({ channelId: z.number().int() });
export type AcceptResult = z.infer<typeof AcceptResult>;

/** 201 bodies. */
export const CreatedInvite = z.object({ inviteId: z.number().int() });
export type CreatedInvite = z.infer<typeof CreatedInvite>;
export const CreatedTransfer = z.object({ transferId: z.number().int() });
export type CreatedTransfer = z.infer<typeof CreatedTransfer>;
