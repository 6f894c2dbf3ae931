import { z } from 'zod';
import { ApplicationEvent } from './application';
import { MyChannel } from './channel';
import {
  ApplicantKind,
  ApplicationStatus,
  ApplicationType,
  ChannelManagementType,
  ChannelStatus,
  ChannelType,
  InviteKind,
  MemberRole,
} from './enums';
import { pageNumber, pageOf, pageSize } from './page';
import { PAGE_SIZE_MANAGEMENT } from './constants';
import { text } from './text';
import { Instant } from './time';

export { APPLY_RESULT_COUNT_CAP, type ManagementFilters, splitManagementFilters } from './management-values';

const ManagementFilterToken = z.union([ChannelType, ChannelStatus, MemberRole]);

export const ManagementQuery = z.object({
  filters: text({ max: 500 })
    .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(ManagementFilterToken))
    .optional(),
  page: pageNumber.default(0),
  size: pageSize(PAGE_SIZE_MANAGEMENT),
});

export const ManagementChannelPage = pageOf(MyChannel);

export const ApplyResult = z.object({
  id: z.number().int(),
  channelId: z.number().int().nullable(),
  channelName: z.string(),
  channelType: ChannelType,
  applicantKind: ApplicantKind,
  applyType: ApplicationType,
  status: ApplicationStatus,
  rejectReason: z.string().nullable(),
  appliedAt: Instant,
  reviewedAt: Instant.nullable(),
  /** What happened when, oldest first: submitted (WAIT), REVIEW, then APPROVE or REJECT (with its reason). */
  timeline: z.array(ApplicationEvent),
});
export type ApplyResult = z.infer<typeof ApplyResult>;
export const ApplyResultPage = pageOf(ApplyResult);

export const ApplyResultQuery = z.object({
  page: pageNumber.default(0),
  size: pageSize(PAGE_SIZE_MANAGEMENT),
  channelType: z.optional(ChannelType),
});

/** A pending invitation or ownership transfer waiting for the signed-in person. */
export const PendingInvite = z.object({
  kind: InviteKind,
  id: z.number().int(),
  channelId: z.number().int(),
  channelName: z.string(),
  channelProfileImageUrl: z.string().nullable(),
  channelManagementType: ChannelManagementType,
  role: MemberRole,
  fromName: z.string().nullable(),
  createdAt: Instant,
  expiresAt: Instant.nullable(),
});
export type PendingInvite = z.infer<typeof PendingInvite>;
export const PendingInvitePage = pageOf(PendingInvite);

export const InviteListQuery = z.object({
  page: pageNumber.default(0),
  size: pageSize(PAGE_SIZE_MANAGEMENT),
});

export const TabCount = z.object({
  channelCount: z.number().int(),
  applyResultCount: z.number().int(),
  inviteCount: z.number().int(),
});
export type TabCount = z.infer<typeof TabCount>;

