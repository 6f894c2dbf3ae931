// No zod here: the values of every enumeration of spec section 3, for the browser's first load,
// which lists and tests them without loading zod (docs/decisions/057). enums.ts makes the schemas of them.

/** `value` is one of `values`: the zod-free `Enum.safeParse(value).success`. */
export function oneOf<const T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

export const CHANNEL_TYPE_VALUES = [
  'MEDIA_CHANNEL',
  'CONTENTS_CHANNEL',
  'COMMUNITY_CHANNEL',
  'HARMONY_NOTICE_CHANNEL',
  'AUTO_CHANNEL',
] as const;

export const CHANNEL_STATUS_VALUES = ['SERVICE', 'WAIT', 'VIEWONLY', 'STOP', 'DELETED'] as const;

export const SHORTS_STATUS_VALUES = ['SERVICE', 'PAUSE', 'VIEWONLY', 'TERMINATE'] as const;

export const LIVE_SERVICE_STATUS_VALUES = ['SERVICE', 'PAUSE', 'VIEWONLY', 'TERMINATE'] as const;

export const MEMBER_ROLE_VALUES = ['OWNER', 'MANAGER', 'CREDIT_MANAGER'] as const;

export const APPLICANT_KIND_VALUES = ['PUBLIC_AGENCY', 'COMPANY', 'INDIVIDUAL', 'CORPORATION', 'ETC', 'UNKNOWN'] as const;

export const APPLICATION_TYPE_VALUES = ['NEW_APPLY', 'ADD_TYPE'] as const;

export const APPLICATION_STATUS_VALUES = ['WAIT', 'REVIEW', 'APPROVE', 'REJECT'] as const;

export const CONTENT_STATUS_VALUES = [
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
] as const;

export const LIVE_STATUS_VALUES = ['START', 'READY', 'END'] as const;

export const CONTENT_KIND_VALUES = ['CONTENT_VIEW', 'SHORTS', 'NEWS', 'POST', 'LIVE'] as const;

export const PROCESSING_STATUS_VALUES = ['RESERVED', 'START', 'PROCESSING', 'COMPLETE', 'STOP', 'DELETE', 'ERROR'] as const;

export const NOTIFICATION_GROUP_VALUES = ['ALL', 'ADMIN', 'CHANNEL'] as const;

export const NOTICE_CATEGORY_VALUES = ['STUDIO', 'STUDIO_IMPORTANT'] as const;

export const CHANNEL_MANAGEMENT_TYPE_VALUES = ['MANAGER', 'OWNER'] as const;

export const INVITE_KIND_VALUES = ['INVITE', 'TRANSFER'] as const;

export const INVITATION_STATUS_VALUES = ['PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED'] as const;

export const CREATE_OPTION_VALUES = ['CONTENTS', 'LOOP_UPLOAD', 'POST', 'LIVE'] as const;
