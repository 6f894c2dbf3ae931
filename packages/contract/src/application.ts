import { z } from 'zod';
import { ApplicantKind, ApplicationStatus, ApplicationType, ChannelType, type CreateOption } from './enums';
import { LinkKind, LinkUrl } from './links';
import { pageNumber, pageOf, pageSize } from './page';
import { PAGE_SIZE_MANAGEMENT } from './constants';
import { text } from './text';
import { Instant } from './time';

/** The two channel types a person can apply for (spec: "choose a media or a contents channel"). */
export const ApplyChannelType = z.enum(['MEDIA_CHANNEL', 'CONTENTS_CHANNEL'] as const satisfies readonly ChannelType[]);
export type ApplyChannelType = z.infer<typeof ApplyChannelType>;

/**
 * What a channel of each type offers from the day it is approved (the create
 * menu's options): the choice page shows it and the approval switches it on.
 */
export const CHANNEL_TYPE_OFFERS: Record<ApplyChannelType, readonly CreateOption[]> = {
  MEDIA_CHANNEL: ['CONTENTS', 'LOOP_UPLOAD', 'POST', 'LIVE'],
  CONTENTS_CHANNEL: ['CONTENTS', 'POST'],
};

/** UNKNOWN is what older records carry; nobody chooses it. */
export const ApplyApplicantKind = z.enum(ApplicantKind.options.filter((kind) => kind !== 'UNKNOWN') as [Exclude<ApplicantKind, 'UNKNOWN'>, ...Exclude<ApplicantKind, 'UNKNOWN'>[]]);
export type ApplyApplicantKind = z.infer<typeof ApplyApplicantKind>;

export const APPLICATION_NAME_MAX = 30;
export const APPLICATION_DESCRIPTION_MAX = 500;
export const APPLICATION_EMAIL_MAX = 254;
export const APPLICATION_REVENUE_MAX = 100;
export const APPLICATION_LINKS_MAX = 5;
export const REJECT_REASON_MAX = 500;

/** Spec section 5: "a standard address pattern, case-insensitive". */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/i;
/** Spec section 5: revenue allows only Korean letters, Latin letters, spaces and commas. */
export const REVENUE_PATTERN = /^[가-힣ㄱ-ㅎㅏ-ㅣa-zA-Z ,]+$/;

export const ContactEmail = text({ min: 1, max: APPLICATION_EMAIL_MAX }).refine((value) => EMAIL_PATTERN.test(value), {
  message: 'must be an e-mail address',
});

export const Revenue = text({ min: 1, max: APPLICATION_REVENUE_MAX, trim: false }).refine((value) => value.trim() !== '' && REVENUE_PATTERN.test(value), {
  message: 'only Korean letters, Latin letters, spaces and commas',
});

/** A file the studio stored itself (`/media/<kind>/<server-made name>`): never an address from elsewhere. */
export const MediaUrl = z
  .string()
  .max(300)
  .regex(/^\/media\/profiles\/[A-Za-z0-9_-]+\.(?:jpg|jpeg|png|webp)$/);

export const ApplicationLink = z.object({ url: LinkUrl });

const applicationFields = {
  applyType: ApplicationType,
  channelType: ApplyChannelType,
  /** ADD_TYPE: the channel (owned by the applicant) the type is added to; NEW_APPLY: null. */
  channelId: z.number().int().positive().nullable(),
  applicantKind: ApplyApplicantKind,
  /** NEW_APPLY: the new channel's name; ADD_TYPE: ignored (the channel keeps its name). */
  channelName: text({ max: APPLICATION_NAME_MAX }),
  description: text({ min: 1, max: APPLICATION_DESCRIPTION_MAX, multiline: true }),
  profileImageUrl: MediaUrl.nullable(),
  contactEmail: ContactEmail,
  links: z.array(ApplicationLink).min(1).max(APPLICATION_LINKS_MAX),
  revenue: Revenue,
  agreeTerms: z.literal(true),
};

type Conditional = { applyType?: unknown; channelId?: unknown; channelName?: unknown };
const asConditional = (value: unknown): Conditional => (typeof value === 'object' && value !== null ? value : {});

/**
 * The application form (spec sections 1 and 5); the browser and the server
 * validate with this one schema. The two conditional rules run even while
 * other fields are wrong (`when`), so a form shows every problem at once.
 */
export const ApplicationForm = z
  .object(applicationFields)
  .refine((value) => !(value.applyType === 'ADD_TYPE' && value.channelId === null), {
    path: ['channelId'],
    message: 'required for ADD_TYPE',
    when: (payload) => {
      const value = asConditional(payload.value);
      return value.applyType === 'ADD_TYPE';
    },
  })
  .refine((value) => !(value.applyType === 'NEW_APPLY' && value.channelName === ''), {
    path: ['channelName'],
    message: 'required for NEW_APPLY',
    when: (payload) => {
      const value = asConditional(payload.value);
      return value.applyType === 'NEW_APPLY' && typeof value.channelName === 'string';
    },
  });
export type ApplicationForm = z.infer<typeof ApplicationForm>;
export type ApplicationFormInput = z.input<typeof ApplicationForm>;

/**
 * A half-filled form kept on the server: any field may be missing or not yet
 * valid, but every value is bounded and storable.
 */
export const ApplicationDraft = z.object({
  applyType: z.optional(ApplicationType),
  channelType: ApplyChannelType.optional(),
  channelId: z.number().int().positive().nullable().optional(),
  applicantKind: ApplyApplicantKind.nullable().optional(),
  channelName: text({ max: 200, trim: false }).optional(),
  description: text({ max: 2000, trim: false, multiline: true }).optional(),
  profileImageUrl: MediaUrl.nullable().optional(),
  contactEmail: text({ max: 300, trim: false, multiline: true }).optional(),
  links: z.array(z.object({ url: text({ max: 2000, trim: false, multiline: true }) })).max(APPLICATION_LINKS_MAX).optional(),
  revenue: text({ max: 300, trim: false, multiline: true }).optional(),
  agreeTerms: z.boolean().optional(),
});
export type ApplicationDraft = z.infer<typeof ApplicationDraft>;

export const SavedDraft = z.object({ draft: ApplicationDraft.nullable(), updatedAt: Instant.nullable() });
export type SavedDraft = z.infer<typeof SavedDraft>;

/** What happened to an application, and when: the timeline of the apply-results tab. */
export const ApplicationEvent = z.object({
  status: ApplicationStatus,
  at: Instant,
  reason: z.string().nullable(),
});
export type ApplicationEvent = z.infer<typeof ApplicationEvent>;

export const ApplicationLinkOut = z.object({ url: z.string(), kind: LinkKind });

export const ApplicationDetail = z.object({
  id: z.number().int(),
  applyType: ApplicationType,
  channelType: ChannelType,
  channelId: z.number().int().nullable(),
  channelName: z.string(),
  applicantKind: ApplicantKind,
  description: z.string(),
  profileImageUrl: z.string().nullable(),
  contactEmail: z.string().nullable(),
  links: z.array(ApplicationLinkOut),
  revenue: z.string(),
  status: ApplicationStatus,
  rejectReason: z.string().nullable(),
  appliedAt: Instant,
  reviewedAt: Instant.nullable(),
  timeline: z.array(ApplicationEvent),
});
export type ApplicationDetail = z.infer<typeof ApplicationDetail>;

/** An application in the operator's queue: the detail plus who applied. */
export const OperatorApplication = ApplicationDetail.extend({
  applicant: z.object({ userId: z.number().int(), login: z.string(), name: z.string() }),
});
export type OperatorApplication = z.infer<typeof OperatorApplication>;
export const OperatorApplicationPage = pageOf(OperatorApplication);

/** The queue's age filter: applications waiting at least this long. */
export const ApplicationAge = z.enum(['1D', '3D', '7D', '30D']);
export type ApplicationAge = z.infer<typeof ApplicationAge>;
export const APPLICATION_AGE_DAYS: Record<ApplicationAge, number> = { '1D': 1, '3D': 3, '7D': 7, '30D': 30 };

export const OperatorApplicationQuery = z.object({
  status: z.optional(ApplicationStatus),
  channelType: ApplyChannelType.optional(),
  applicantKind: z.optional(ApplicantKind),
  age: ApplicationAge.optional(),
  page: pageNumber.default(0),
  size: pageSize(PAGE_SIZE_MANAGEMENT),
});
export type OperatorApplicationQuery = z.infer<typeof OperatorApplicationQuery>;

export const RejectApplicationBody = z.object({ reason: text({ min: 1, max: REJECT_REASON_MAX, multiline: true }) });

export const ApproveResult = z.object({ application: OperatorApplication, channelId: z.number().int() });

/** Profile images are stored cropped to this square. */
export const PROFILE_IMAGE_SIZE = 400;

/** The profile image as stored: a studio address and its size after resizing. */
export const UploadedImage = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type UploadedImage = z.infer<typeof UploadedImage>;

/** The operator's application queue counts its total up to this many; the pager pages on past it. */
export const APPLICATION_QUEUE_COUNT_CAP = 10_000;
