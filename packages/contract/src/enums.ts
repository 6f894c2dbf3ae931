import { z } from 'zod/mini';
import {
  CHANNEL_TYPE_VALUES,
  CHANNEL_STATUS_VALUES,
  SHORTS_STATUS_VALUES,
  LIVE_SERVICE_STATUS_VALUES,
  MEMBER_ROLE_VALUES,
  APPLICANT_KIND_VALUES,
  APPLICATION_TYPE_VALUES,
  APPLICATION_STATUS_VALUES,
  CONTENT_STATUS_VALUES,
  LIVE_STATUS_VALUES,
  CONTENT_KIND_VALUES,
  PROCESSING_STATUS_VALUES,
  NOTIFICATION_GROUP_VALUES,
  NOTICE_CATEGORY_VALUES,
  CHANNEL_MANAGEMENT_TYPE_VALUES,
  INVITE_KIND_VALUES,
  INVITATION_STATUS_VALUES,
  CREATE_OPTION_VALUES,
} from './enum-values';

// Every enumeration of spec section 3, defined once and imported everywhere.
// zod/mini, like every schema the studio's first load parses (docs/decisions/023): classic zod
// would bring its whole method surface and JSON Schema code into the browser's first load.
// Classic schemas take these as they are: `z.object({ role: MemberRole })`, `z.optional(MemberRole)`.

export const ChannelType = z.enum(CHANNEL_TYPE_VALUES);
export type ChannelType = z.infer<typeof ChannelType>;

export const ChannelStatus = z.enum(CHANNEL_STATUS_VALUES);
export type ChannelStatus = z.infer<typeof ChannelStatus>;

export const ShortsStatus = z.enum(SHORTS_STATUS_VALUES);
export type ShortsStatus = z.infer<typeof ShortsStatus>;

export const LiveServiceStatus = z.enum(LIVE_SERVICE_STATUS_VALUES);
export type LiveServiceStatus = z.infer<typeof LiveServiceStatus>;

export const MemberRole = z.enum(MEMBER_ROLE_VALUES);
export type MemberRole = z.infer<typeof MemberRole>;

export const ApplicantKind = z.enum(APPLICANT_KIND_VALUES);
export type ApplicantKind = z.infer<typeof ApplicantKind>;

export const ApplicationType = z.enum(APPLICATION_TYPE_VALUES);
export type ApplicationType = z.infer<typeof ApplicationType>;

export const ApplicationStatus = z.enum(APPLICATION_STATUS_VALUES);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

export const ContentStatus = z.enum(CONTENT_STATUS_VALUES);
export type ContentStatus = z.infer<typeof ContentStatus>;

export const LiveStatus = z.enum(LIVE_STATUS_VALUES);
export type LiveStatus = z.infer<typeof LiveStatus>;

export const ContentKind = z.enum(CONTENT_KIND_VALUES);
export type ContentKind = z.infer<typeof ContentKind>;

export const ProcessingStatus = z.enum(PROCESSING_STATUS_VALUES);
export type ProcessingStatus = z.infer<typeof ProcessingStatus>;

export const NotificationGroup = z.enum(NOTIFICATION_GROUP_VALUES);
export type NotificationGroup = z.infer<typeof NotificationGroup>;

export const NoticeCategory = z.enum(NOTICE_CATEGORY_VALUES);
export type NoticeCategory = z.infer<typeof NoticeCategory>;

export const ChannelManagementType = z.enum(CHANNEL_MANAGEMENT_TYPE_VALUES);
export type ChannelManagementType = z.infer<typeof ChannelManagementType>;

/** Which kind of pending request waits for a person: a role invite or an ownership transfer. */
export const InviteKind = z.enum(INVITE_KIND_VALUES);
export type InviteKind = z.infer<typeof InviteKind>;

/**
 * The life of an invite or a transfer: PENDING, then ACCEPTED, DECLINED or
 * CANCELLED. Expiry by time is a DECLINED row with `declined_automatically`.
 */
export const InvitationStatus = z.enum(INVITATION_STATUS_VALUES);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** What the create menu can offer for one channel (spec section 2, "create menu"). */
export const CreateOption = z.enum(CREATE_OPTION_VALUES);
export type CreateOption = z.infer<typeof CreateOption>;
