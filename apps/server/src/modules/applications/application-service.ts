import type { Transaction } from 'kysely';
import {
  ApplicationDraft,
  CHANNEL_TYPE_OFFERS,
  type ApplicationDetail,
  type ApplicationForm,
  type ApplyChannelType,
  type OperatorApplication,
  type OperatorApplicationQuery,
  type SavedDraft,
} from '@studio/contract/application';
import type { ApplicationStatus } from '@studio/contract/enums';
import type { Page } from '@studio/contract/page';
import type { Database, Db } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { changeChannelType, findChannel, insertChannel } from '../channels/channel-repository';
import { addMembership, memberRole } from '../members/member-repository';
import { landing, notify, type OperatorSent } from '../notifications/notification-producer';
import { recordOperatorAction } from '../operator/audit-repository';
import { lockChannel } from '../operator/operator-channel-repository';
import {
  applicationRepository,
  type ApplicationRow,
  deleteDraft,
  findApplication,
  insertApplicationEvent,
  insertSubmittedApplication,
  lockApplicant,
  lockApplication,
  moveApplication,
  openApplicationCount,
  operatorView,
  saveDraft,
  timelines,
  toDetail,
} from './application-repository';
import { isUniqueViolation } from '../../db/database';

/** A person may have this many applications waiting or in review at once. */
export const MAX_OPEN_APPLICATIONS = 3;

/** Where every status notification leads: the apply-results tab of channel management. */
export const APPLY_RESULTS_URL = landing.applyResults();

/** The channel's switches for what its type offers. */
function featuresFor(type: ApplyChannelType) {
  const offers = CHANNEL_TYPE_OFFERS[type];
  return {
    use_document_write: offers.includes('CONTENTS'),
    use_post_write: offers.includes('POST'),
    shorts_status: offers.includes('LOOP_UPLOAD') ? ('SERVICE' as const) : ('PAUSE' as const),
    live_status: offers.includes('LIVE') ? ('SERVICE' as const) : ('PAUSE' as const),
  };
}

const snapshot = (row: ApplicationRow) => ({ status: row.status, channelId: row.channel_id, rejectReason: row.reject_reason });

/** The status each notification reports. */
const NOTIFY: Record<Exclude<ApplicationStatus, 'WAIT'>, OperatorSent> = {
  REVIEW: 'APPLICATION_REVIEW',
  APPROVE: 'APPLICATION_APPROVED',
  REJECT: 'APPLICATION_REJECTED',
};

const AUDIT_ACTION: Record<Exclude<ApplicationStatus, 'WAIT'>, string> = {
  REVIEW: 'APPLICATION_REVIEW',
  APPROVE: 'APPLICATION_APPROVE',
  REJECT: 'APPLICATION_REJECT',
};

/**
 * Applying for a channel and deciding on it. Every decision is one
 * conditional UPDATE: of operators acting at once exactly one moves the
 * application, and only that one writes the timeline, the notification and
 * the audit entry; the others answer APPLICATION_STATE_CHANGED.
 */
export function applicationService(db: Db) {
  const applications = applicationRepository(db);

  async function settle(
    trx: Transaction<Database>,
    before: ApplicationRow,
    after: ApplicationRow,
    to: Exclude<ApplicationStatus, 'WAIT'>,
    operatorId: number,
    at: Date,
  ): Promise<void> {
    await insertApplicationEvent(trx, { applicationId: after.id, status: to, actorUserId: operatorId, reason: to === 'REJECT' ? after.reject_reason : null, at });
    // The operator decided: told as the studio operator's (no channel; the channel may not exist yet).
    await notify(trx, {
      to: after.applicant_user_id,
      channel: null,
      type: NOTIFY[to],
      params: { channelName: after.channel_name },
      landingUrl: APPLY_RESULTS_URL,
      at,
    });
    await recordOperatorAction(trx, {
      operatorId,
      action: AUDIT_ACTION[to],
      objectType: 'APPLICATION',
      objectId: after.id,
      before: snapshot(before),
      after: snapshot(after),
      at,
    });
  }

  /** Why a conditional move found nothing: gone, or already elsewhere. */
  async function refuse(trx: Transaction<Database>, id: number): Promise<never> {
    const current = await findApplication(trx, id);
    if (!current) throw new AppError('APPLICATION_NOT_FOUND');
    throw new AppError('APPLICATION_STATE_CHANGED', undefined, { status: current.status });
  }

  async function lockedBefore(trx: Transaction<Database>, id: number): Promise<ApplicationRow> {
    const row = await lockApplication(trx, id);
    if (!row) throw new AppError('APPLICATION_NOT_FOUND');
    return row;
  }

  async function view(trx: Transaction<Database>, id: number): Promise<OperatorApplication> {
    const found = await operatorView(trx, id);
    if (!found) throw new AppError('APPLICATION_NOT_FOUND');
    return found;
  }

  return {
    /** The person's draft; one saved by an older build that no longer fits is none (start over rather than fail). */
    async draft(userId: number): Promise<SavedDraft> {
      const found = await applications.draft(userId);
      const parsed = found ? ApplicationDraft.safeParse(found.data) : undefined;
      return parsed?.success && found ? { draft: parsed.data, updatedAt: found.updatedAt.toISOString() } : { draft: null, updatedAt: null };
    },

    /** Replaces the person's draft. */
    async saveDraft(userId: number, draft: ApplicationDraft, now: Date): Promise<SavedDraft> {
      await applications.saveDraft(userId, draft, now);
      return { draft, updatedAt: now.toISOString() };
    },

    /** Discards the person's draft (none to discard is fine). */
    async deleteDraft(userId: number): Promise<void> {
      await applications.deleteDraft(userId);
    },

    async submit(userId: number, form: ApplicationForm, now: Date): Promise<ApplicationDetail> {
      let channelName = form.channelName;
      let channelId: number | null = null;
      if (form.applyType === 'ADD_TYPE') {
        const target = form.channelId === null ? undefined : await findChannel(db, form.channelId);
        if (!target || target.status === 'DELETED' || (await memberRole(db, target.id, userId)) !== 'OWNER') throw new AppError('APPLICATION_CHANNEL_NOT_OWNED');
        // A media channel already offers everything a contents channel does.
        if (target.channel_type === form.channelType || target.channel_type === 'MEDIA_CHANNEL') throw new AppError('APPLICATION_TYPE_PRESENT');
        channelName = target.name;
        channelId = target.id;
      }
      try {
        return await db.transaction().execute(async (trx) => {
          await lockApplicant(trx, userId);
          if ((await openApplicationCount(trx, userId)) >= MAX_OPEN_APPLICATIONS) throw new AppError('APPLICATION_TOO_MANY_OPEN', undefined, { max: MAX_OPEN_APPLICATIONS });
          const row = await insertSubmittedApplication(trx, {
            applicant_user_id: userId,
            channel_id: channelId,
            channel_name: channelName,
            channel_type: form.channelType,
            applicant_kind: form.applicantKind,
            apply_type: form.applyType,
            description: form.description,
            profile_image_url: form.profileImageUrl,
            contact_email: form.contactEmail,
            links: form.links.map(({ url }) => ({ url })),
            revenue: form.revenue.trim(),
            terms_agreed_at: now,
            created_at: now,
          });
          await insertApplicationEvent(trx, { applicationId: row.id, status: 'WAIT', actorUserId: userId, at: now });
          await deleteDraft(trx, userId);
          const events = await timelines(trx, [row.id]);
          return toDetail(row, events.get(row.id) ?? []);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'channel_applications_one_open_name')) throw new AppError('APPLICATION_ALREADY_OPEN', undefined, { channelName });
        throw error;
      }
    },

    /** Reads one application for its applicant: 404 when there is none, 403 when it is someone else's. */
    async mine(userId: number, id: number): Promise<ApplicationDetail> {
      const row = await findApplication(db, id);
      if (!row) throw new AppError('APPLICATION_NOT_FOUND');
      if (row.applicant_user_id !== userId) throw new AppError('ACCESS_DENIED');
      const events = await timelines(db, [row.id]);
      return toDetail(row, events.get(row.id) ?? []);
    },

    /** A rejected application copied into the person's draft, to re-apply from. */
    async copyToDraft(userId: number, id: number, now: Date) {
      const row = await findApplication(db, id);
      if (!row) throw new AppError('APPLICATION_NOT_FOUND');
      if (row.applicant_user_id !== userId) throw new AppError('ACCESS_DENIED');
      if (row.status !== 'REJECT') throw new AppError('APPLICATION_STATE_CHANGED', undefined, { status: row.status });
      const draft = {
        applyType: row.apply_type,
        channelType: row.channel_type === 'CONTENTS_CHANNEL' ? ('CONTENTS_CHANNEL' as const) : ('MEDIA_CHANNEL' as const),
        channelId: row.apply_type === 'ADD_TYPE' ? row.channel_id : null,
        applicantKind: row.applicant_kind === 'UNKNOWN' ? null : row.applicant_kind,
        channelName: row.channel_name,
        description: row.description,
        profileImageUrl: row.profile_image_url,
        contactEmail: row.contact_email ?? '',
        links: row.links.length > 0 ? row.links.map(({ url }) => ({ url })) : [{ url: '' }],
        revenue: row.revenue,
        // Agreeing to the terms is asked again.
        agreeTerms: false,
      };
      await saveDraft(db, userId, draft, now);
      return { draft, updatedAt: now.toISOString() };
    },

    /** The operator queue, oldest first. */
    async queue(filters: OperatorApplicationQuery, now: Date): Promise<Page<OperatorApplication>> {
      return applications.queue(filters, now);
    },

    /** One application as the operator console shows it. */
    async operatorView(id: number): Promise<OperatorApplication> {
      const found = await applications.operatorView(id);
      if (!found) throw new AppError('APPLICATION_NOT_FOUND');
      return found;
    },

    async startReview(operatorId: number, id: number, now: Date): Promise<OperatorApplication> {
      return db.transaction().execute(async (trx) => {
        const before = await lockedBefore(trx, id);
        const after = await moveApplication(trx, id, ['WAIT'], 'REVIEW', { reviewerId: operatorId, at: now });
        if (!after) return refuse(trx, id);
        await settle(trx, before, after, 'REVIEW', operatorId, now);
        return view(trx, id);
      });
    },

    async reject(operatorId: number, id: number, reason: string, now: Date): Promise<OperatorApplication> {
      return db.transaction().execute(async (trx) => {
        const before = await lockedBefore(trx, id);
        const after = await moveApplication(trx, id, ['REVIEW'], 'REJECT', { reviewerId: operatorId, at: now, reason });
        if (!after) return refuse(trx, id);
        await settle(trx, before, after, 'REJECT', operatorId, now);
        return view(trx, id);
      });
    },

    /**
     * NEW_APPLY: a channel in SERVICE with the applicant as owner and its
     * type's features. ADD_TYPE: the applicant's channel becomes a media
     * channel with the media features switched on (the contents ones stay).
     */
    async approve(operatorId: number, id: number, now: Date): Promise<{ application: OperatorApplication; channelId: number }> {
      return db.transaction().execute(async (trx) => {
        const before = await lockedBefore(trx, id);
        if (before.status !== 'REVIEW') return refuse(trx, id);
        const type: ApplyChannelType = before.channel_type === 'CONTENTS_CHANNEL' ? 'CONTENTS_CHANNEL' : 'MEDIA_CHANNEL';
        let channelId: number;
        if (before.apply_type === 'NEW_APPLY') {
          channelId = await insertChannel(trx, {
            name: before.channel_name,
            channel_type: type,
            status: 'SERVICE',
            profile_image_url: before.profile_image_url,
            // The profile starts as the application described it (issue 25); the owner edits it from then on.
            description: before.description,
            links: JSON.stringify(before.links.map(({ url }) => ({ url }))),
            ...featuresFor(type),
            labels: [],
            created_at: now,
            updated_at: now,
          });
          await addMembership(trx, channelId, before.applicant_user_id, 'OWNER', now);
        } else {
          const target = before.channel_id === null ? undefined : await lockChannel(trx, before.channel_id);
          if (!target || target.status === 'DELETED' || (await memberRole(trx, target.id, before.applicant_user_id)) !== 'OWNER') {
            throw new AppError('APPLICATION_CHANNEL_NOT_OWNED');
          }
          const features = featuresFor(type);
          await changeChannelType(trx, target.id, {
            channel_type: type,
            use_document_write: target.use_document_write || features.use_document_write,
            use_post_write: target.use_post_write || features.use_post_write,
            ...(features.shorts_status === 'SERVICE' && target.shorts_status === 'PAUSE' ? { shorts_status: 'SERVICE' as const } : {}),
            ...(features.live_status === 'SERVICE' && target.live_status === 'PAUSE' ? { live_status: 'SERVICE' as const } : {}),
            updated_at: now,
          });
          channelId = target.id;
        }
        const after = await moveApplication(trx, id, ['REVIEW'], 'APPROVE', { reviewerId: operatorId, at: now, channelId });
        if (!after) return refuse(trx, id);
        await settle(trx, before, after, 'APPROVE', operatorId, now);
        return { application: await view(trx, id), channelId };
      });
    },
  };
}
