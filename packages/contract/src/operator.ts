import { z } from 'zod';
import { Channel } from './channel';
import { CHANNEL_NAME_MAX } from './channel-profile';
import { SEARCH_TEXT_MAX } from './constants';
import { ChannelStatus, ChannelType, LiveServiceStatus, NoticeCategory, ShortsStatus } from './enums';
import { IdParam } from './params';
import { pageNumber, pageOf, pageSize } from './page';
import { text } from './text';
import { Instant } from './time';

/** Operator console (issue #9): every answer here is for studio operators only. */

export const NoticeIdParams = z.object({ noticeId: IdParam });

// ---- Channels ----

/** A channel as the operator sees it: the spec's shape, its owner (null when ownerless) and its times. */
export const OperatorChannel = z.object({
  ...Channel.shape,
  owner: z.object({ userId: z.number().int(), login: z.string(), name: z.string() }).nullable(),
  /** A pending owner invite of an ownerless channel, if one is out. */
  pendingOwnerInvite: z.object({ inviteId: z.number().int(), login: z.string(), name: z.string(), expiresAt: Instant.nullable() }).nullable(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type OperatorChannel = z.infer<typeof OperatorChannel>;
export const OperatorChannelPage = pageOf(OperatorChannel);

export const OperatorChannelQuery = z.object({
  /** A channel id, or part of its name. */
  q: text({ max: SEARCH_TEXT_MAX }).optional(),
  status: z.optional(ChannelStatus),
  page: pageNumber.default(0),
  size: pageSize(20),
});

const ChannelLabelInput = z.object({
  code: text({ min: 1, max: 40 }).pipe(z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and -')),
  name: text({ min: 1, max: 40 }),
});

/** What the operator may change on a channel; at least one field. */
export const OperatorChannelUpdate = z
  .object({
    status: ChannelStatus,
    shortsStatus: ShortsStatus,
    liveStatus: LiveServiceStatus,
    useMainnews: z.boolean(),
    useDocumentWrite: z.boolean(),
    usePostWrite: z.boolean(),
    labels: z.array(ChannelLabelInput).max(10),
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'change at least one field' });
export type OperatorChannelUpdate = z.infer<typeof OperatorChannelUpdate>;

/**
 * An ownerless channel made by an operator; its owner is invited by account (login). Its name keeps
 * the application form's rule (CHANNEL_NAME_MAX characters, issue 25): a longer one is refused, never cut.
 */
export const OperatorChannelCreate = z
  .object({
    name: text({ min: 1, max: CHANNEL_NAME_MAX }),
    channelType: ChannelType,
    ownerLogin: text({ min: 1, max: 100 }).optional(),
  })
  .strict();
export type OperatorChannelCreate = z.infer<typeof OperatorChannelCreate>;

export const OwnerInviteBody = z.object({ login: text({ min: 1, max: 100 }) }).strict();
export type OwnerInviteBody = z.infer<typeof OwnerInviteBody>;

export const OwnerInviteCreated = z.object({ inviteId: z.number().int() });

export const OperatorChannelCreated = z.object({ channelId: z.number().int(), inviteId: z.number().int().nullable() });
export type OperatorChannelCreated = z.infer<typeof OperatorChannelCreated>;

// ---- Notices ----

export const NOTICE_TITLE_MAX = 100;
/** Characters of HTML as sent; the sanitised body is never longer. */
export const NOTICE_BODY_MAX = 50_000;

export const OperatorNotice = z.object({
  id: z.number().int(),
  category: NoticeCategory,
  title: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  publishedAt: Instant,
});
export type OperatorNotice = z.infer<typeof OperatorNotice>;
export const OperatorNoticePage = pageOf(OperatorNotice.omit({ body: true }));

export const OperatorNoticeQuery = z.object({
  category: z.optional(NoticeCategory),
  page: pageNumber.default(0),
  size: pageSize(20),
});

export const OperatorNoticeInput = z
  .object({
    category: NoticeCategory,
    title: text({ min: 1, max: NOTICE_TITLE_MAX }),
    body: text({ min: 1, max: NOTICE_BODY_MAX, multiline: true }),
    /** Publish later; now when absent. */
    publishedAt: Instant.optional(),
  })
  .strict();
export type OperatorNoticeInput = z.infer<typeof OperatorNoticeInput>;

// ---- Operator notifications ----

export const OPERATOR_MESSAGE_MAX = 200;

/** Landing addresses stay inside the studio (`/studio/...`): an operator message never sends people elsewhere. */
const StudioPath = text({ min: 1, max: 300 }).regex(/^\/studio(?:\/(?!\/)[^\s\\]*)?$/, 'a studio path, /studio/...');

const OperatorMessage = {
  message: text({ min: 1, max: OPERATOR_MESSAGE_MAX }),
  landingUrl: StudioPath.optional(),
};

/** An operator notification to one account (by login), written at once. */
export const OperatorNotificationInput = z.object({ login: text({ min: 1, max: 100 }), ...OperatorMessage }).strict();
export type OperatorNotificationInput = z.infer<typeof OperatorNotificationInput>;
/** `notificationId` is null when the person switched off operator notifications (ADMIN or ALL): nothing was written. */
export const OperatorNotificationSent = z.object({ notificationId: z.number().int().nullable() });

/** An operator notification to every studio user: queued, then written by a durable job in batches. */
export const OperatorBroadcastInput = z.object(OperatorMessage).strict();
export type OperatorBroadcastInput = z.infer<typeof OperatorBroadcastInput>;

/** Queued: the answer comes at once, a durable job writes the notifications. */
export const OperatorBroadcastQueued = z.object({ broadcastId: z.number().int() });

export const BroadcastIdParams = z.object({ broadcastId: IdParam });

export const OperatorBroadcast = z.object({
  broadcastId: z.number().int(),
  message: z.string(),
  landingUrl: z.string().nullable(),
  /** Notifications written so far; the broadcast goes to every studio user there was when it was queued. */
  delivered: z.number().int(),
  createdAt: Instant,
  finishedAt: Instant.nullable(),
});
export type OperatorBroadcast = z.infer<typeof OperatorBroadcast>;

// ---- Audit log ----

export const AuditEntry = z.object({
  id: z.number().int(),
  operator: z.object({ userId: z.number().int(), login: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  /** What the object is called (a channel's name, a notice's title, a person, a message), null when unknown. */
  objectName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: Instant,
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = pageOf(AuditEntry);

const upperName = (max: number) => z.string().regex(/^[A-Z][A-Z0-9_]*$/).max(max);

export const AuditQuery = z.object({
  operatorId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  action: upperName(64).optional(),
  objectType: upperName(32).optional(),
  objectId: z.string().regex(/^[1-9][0-9]{0,15}$/).optional(),
  page: pageNumber.default(0),
  size: pageSize(20),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

/** The operator's audit log and channel search count their totals up to this many; the pager pages on past it. */
export const OPERATOR_LIST_COUNT_CAP = 10_000;
