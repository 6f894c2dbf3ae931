import { z } from 'zod/mini';

// Every enumeration of spec section 3, defined once and imported everywhere.
// zod/mini, like every schema the studio's first load parses (docs/decisions/023): classic zod
// would bring its whole method surface and JSON Schema code into the browser's first load.
// Classic schemas take these as they are: `z.object({ role: MemberRole })`, `z.optional(MemberRole)`.

export const ChannelType = z.enum([
  'MEDIA_CHANNEL',
  'CONTENTS_CHANNEL',
  'COMMUNITY_CHANNEL',
  'HARMONY_NOTICE_CHANNEL',
  'AUTO_CHANNEL',
]);
export type ChannelType = z.infer<typeof ChannelType>;

export const ChannelStatus = z.enum(['SERVICE', 'WAIT', 'VIEWONLY', 'STOP', 'DELETED']);
export type ChannelStatus = z.infer<typeof ChannelStatus>;

export const ShortsStatus = z.enum(['SERVICE', 'PAUSE', 'VIEWONLY', 'TERMINATE']);
export type ShortsStatus = z.infer<typeof ShortsStatus>;

export const LiveServiceStatus = z.enum(['SERVICE', 'PAUSE', 'VIEWONLY', 'TERMINATE']);
export type LiveServiceStatus = z.infer<typeof LiveServiceStatus>;

export const MemberRole = z.enum(['OWNER', 'MANAGER', 'CREDIT_MANAGER']);
export type MemberRole = z.infer<typeof MemberRole>;

export const ApplicantKind = z.enum(['PUBLIC_AGENCY', 'COMPANY', 'INDIVIDUAL', 'CORPORATION', 'ETC', 'UNKNOWN']);
export type ApplicantKind = z.infer<typeof ApplicantKind>;

export const ApplicationType = z.enum(['NEW_APPLY', 'ADD_TYPE']);
export type ApplicationType = z.infer<typeof ApplicationType>;

export const ApplicationStatus = z.enum(['WAIT', 'REVIEW', 'APPROVE', 'REJECT']);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

export const ContentStatus = z.enum([
  'PUBLIC',
  'HIDDEN',
  'REPORT_BLIND',
  'REPORT_DELETE',
  'ADULT_IMAGE_BLIND',
  'PUBLIC_RESERVATION',
  'PUBLIC_RESERVATION_ERROR',
  'HIDDEN_RESERVATION',
  'HIDDEN_RESERVATION_ERROR',
  'PUBLIC_ERROR',
  'HIDDEN_ERROR',
  'IN_PROCESSING',
  'STOP',
  'DELETE',
  'DRAFT',
]);
export type ContentStatus = z.infer<typeof ContentStatus>;

export const LiveStatus = z.enum(['START', 'READY', 'END']);
export type LiveStatus = z.infer<typeof LiveStatus>;

export const ContentKind = z.enum(['CONTENT_VIEW', 'SHORTS', 'NEWS', 'POST', 'LIVE']);
export type ContentKind = z.infer<typeof ContentKind>;

export const ProcessingStatus = z.enum(['RESERVED', 'START', 'PROCESSING', 'COMPLETE', 'STOP', 'DELETE', 'ERROR']);
export type ProcessingStatus = z.infer<typeof ProcessingStatus>;

export const NotificationGroup = z.enum(['ALL', 'ADMIN', 'CHANNEL']);
export type NotificationGroup = z.infer<typeof NotificationGroup>;

export const NoticeCategory = z.enum(['STUDIO', 'STUDIO_IMPORTANT']);
export type NoticeCategory = z.infer<typeof NoticeCategory>;

export const ChannelManagementType = z.enum(['MANAGER', 'OWNER']);
export type ChannelManagementType = z.infer<typeof ChannelManagementType>;

/** Which kind of pending request waits for a person: a role invite or an ownership transfer. */
export const InviteKind = z.enum(['INVITE', 'TRANSFER']);
export type InviteKind = z.infer<typeof InviteKind>;

/**
 * The life of an invite or a transfer: PENDING, then ACCEPTED, DECLINED or
 * CANCELLED. Expiry by time is a DECLINED row with `declined_automatically`.
 */
export const InvitationStatus = z.enum(['PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** What the create menu can offer for one channel (spec section 2, "create menu"). */
export const CreateOption = z.enum(['CONTENTS', 'LOOP_UPLOAD', 'POST', 'LIVE']);
export type CreateOption = z.infer<typeof CreateOption>;
