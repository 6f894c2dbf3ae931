import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import {
  APPLICATION_AGE_DAYS,
  APPLICATION_QUEUE_COUNT_CAP,
  type ApplicationDetail,
  type ApplicationDraft,
  type ApplicationEvent,
  type OperatorApplication,
  type OperatorApplicationQuery,
} from '@studio/contract/application';
import type { ApplicationStatus } from '@studio/contract/enums';
import { linkKind } from '@studio/contract/links';
import { toPage, type Page } from '@studio/contract/page';
import type { Database, Db } from '../../db/schema';

type Executor = Db | Transaction<Database>;
export type ApplicationRow = Selectable<Database['channel_applications']>;

const DAY_MS = 86_400_000;

export function toDetail(row: ApplicationRow, events: ApplicationEvent[]): ApplicationDetail {
  return {
    id: row.id,
    applyType: row.apply_type,
    channelType: row.channel_type,
    channelId: row.channel_id,
    channelName: row.channel_name,
    applicantKind: row.applicant_kind,
    description: row.description,
    profileImageUrl: row.profile_image_url,
    contactEmail: row.contact_email,
    links: row.links.map(({ url }) => ({ url, kind: linkKind(url) })),
    revenue: row.revenue,
    status: row.status,
    rejectReason: row.reject_reason,
    appliedAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at ? row.reviewed_at.toISOString() : null,
    timeline: events,
  };
}

/** The timelines of several applications, one query, each oldest first. */
export async function timelines(db: Executor, applicationIds: number[]): Promise<Map<number, ApplicationEvent[]>> {
  const byId = new Map<number, ApplicationEvent[]>(applicationIds.map((id) => [id, []]));
  if (applicationIds.length === 0) return byId;
  const rows = await db
    .selectFrom('channel_application_events')
    .select(['application_id', 'status', 'reason', 'created_at'])
    .where('application_id', 'in', applicationIds)
    .orderBy('id')
    .execute();
  for (const row of rows) byId.get(row.application_id)?.push({ status: row.status, at: row.created_at.toISOString(), reason: row.reason });
  return byId;
}

export async function insertApplicationEvent(
  db: Executor,
  event: { applicationId: number; status: ApplicationStatus; actorUserId: number | null; reason?: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('channel_application_events')
    .values({ application_id: event.applicationId, status: event.status, actor_user_id: event.actorUserId, reason: event.reason ?? null, created_at: event.at })
    .execute();
}

/** An application row as given, with its first timeline entry (seeds and tests; the service adds its own rules). */
export async function insertApplication(db: Executor, values: Insertable<Database['channel_applications']>): Promise<number> {
  const row = await db.insertInto('channel_applications').values(values).returning(['id', 'status', 'created_at', 'reject_reason', 'reviewed_at']).executeTakeFirstOrThrow();
  const createdAt = row.created_at;
  await insertApplicationEvent(db, { applicationId: row.id, status: 'WAIT', actorUserId: values.applicant_user_id, at: createdAt });
  if (row.status !== 'WAIT') {
    await insertApplicationEvent(db, { applicationId: row.id, status: row.status, actorUserId: null, reason: row.reject_reason, at: row.reviewed_at ?? createdAt });
  }
  return row.id;
}

/** A submitted application's row; the links go in as the JSON column they are stored in. */
export async function insertSubmittedApplication(
  trx: Transaction<Database>,
  values: Omit<Insertable<Database['channel_applications']>, 'links'> & { links: { url: string }[] },
): Promise<ApplicationRow> {
  return trx
    .insertInto('channel_applications')
    .values({ ...values, links: JSON.stringify(values.links) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Serialises one person's submissions, so the open-application cap holds under parallel requests. */
export async function lockApplicant(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

export async function openApplicationCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('channel_applications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('applicant_user_id', '=', userId)
    .where('status', 'in', ['WAIT', 'REVIEW'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findApplication(db: Executor, id: number): Promise<ApplicationRow | undefined> {
  return db.selectFrom('channel_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row, locked until the transaction ends: a decision sees the state it moves (its audit entry's before), and waits for any other. */
export async function lockApplication(trx: Transaction<Database>, id: number): Promise<ApplicationRow | undefined> {
  return trx.selectFrom('channel_applications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Moves an application from one of `from` to `to`, only if it is still there:
 * of two operators acting at once exactly one gets the row back.
 */
export async function moveApplication(
  trx: Transaction<Database>,
  id: number,
  from: ApplicationStatus[],
  to: ApplicationStatus,
  change: { reviewerId: number; at: Date; reason?: string; channelId?: number },
): Promise<ApplicationRow | undefined> {
  const decided = to === 'APPROVE' || to === 'REJECT';
  return trx
    .updateTable('channel_applications')
    .set({
      status: to,
      reviewer_user_id: change.reviewerId,
      ...(decided ? { reviewed_at: change.at } : {}),
      ...(to === 'REJECT' ? { reject_reason: change.reason ?? null } : {}),
      ...(change.channelId !== undefined ? { channel_id: change.channelId } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
}

export function applicationRepository(db: Db) {
  return {
    /** Whether any of the person's applications was reviewed since `since` (the selector's new-alarm marker). */
    async hasReviewedSince(userId: number, since: Date): Promise<boolean> {
      const row = await db
        .selectFrom('channel_applications')
        .select('id')
        .where('applicant_user_id', '=', userId)
        .where('reviewed_at', '>=', since)
        .where('status', 'in', ['APPROVE', 'REJECT'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async detail(id: number): Promise<{ row: ApplicationRow; detail: ApplicationDetail } | undefined> {
      const row = await findApplication(db, id);
      if (!row) return undefined;
      const events = await timelines(db, [row.id]);
      return { row, detail: toDetail(row, events.get(row.id) ?? []) };
    },

    /** The operator queue: oldest first, so what waits longest is seen first. */
    async queue(filters: OperatorApplicationQuery, now: Date): Promise<Page<OperatorApplication>> {
      let query = db.selectFrom('channel_applications').innerJoin('users', 'users.id', 'channel_applications.applicant_user_id');
      if (filters.status) query = query.where('channel_applications.status', '=', filters.status);
      if (filters.channelType) query = query.where('channel_applications.channel_type', '=', filters.channelType);
      if (filters.applicantKind) query = query.where('channel_applications.applicant_kind', '=', filters.applicantKind);
      if (filters.age) query = query.where('channel_applications.created_at', '<=', new Date(now.getTime() - APPLICATION_AGE_DAYS[filters.age] * DAY_MS));
      const { page, size } = filters;
      const [rows, total] = await Promise.all([
        query
          .selectAll('channel_applications')
          .select(['users.login as applicant_login', 'users.name as applicant_name'])
          .orderBy('channel_applications.created_at')
          .orderBy('channel_applications.id')
          // One row more than the page: past the counted total it says whether more follow.
          .limit(size + 1)
          .offset(page * size)
          .execute(),
        db
          .selectFrom(query.select(sql<number>`1`.as('one')).limit(APPLICATION_QUEUE_COUNT_CAP).as('capped'))
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      const events = await timelines(db, rows.map((row) => row.id));
      return toPage(
        rows.map((row) => ({
          ...toDetail(row, events.get(row.id) ?? []),
          applicant: { userId: row.applicant_user_id, login: row.applicant_login, name: row.applicant_name },
        })),
        Number(total.count),
        page,
        size,
      );
    },

    async operatorView(id: number): Promise<OperatorApplication | undefined> {
      return operatorView(db, id);
    },

    async draft(userId: number): Promise<{ data: ApplicationDraft; updatedAt: Date } | undefined> {
      const row = await db.selectFrom('channel_application_drafts').select(['data', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
      return row ? { data: row.data, updatedAt: row.updated_at } : undefined;
    },

    async saveDraft(userId: number, data: ApplicationDraft, at: Date): Promise<void> {
      await saveDraft(db, userId, data, at);
    },

    async deleteDraft(userId: number): Promise<void> {
      await deleteDraft(db, userId);
    },
  };
}

export async function operatorView(db: Executor, id: number): Promise<OperatorApplication | undefined> {
  const row = await db
    .selectFrom('channel_applications')
    .innerJoin('users', 'users.id', 'channel_applications.applicant_user_id')
    .selectAll('channel_applications')
    .select(['users.login as applicant_login', 'users.name as applicant_name'])
    .where('channel_applications.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const events = await timelines(db, [row.id]);
  return { ...toDetail(row, events.get(row.id) ?? []), applicant: { userId: row.applicant_user_id, login: row.applicant_login, name: row.applicant_name } };
}

export async function saveDraft(db: Executor, userId: number, data: ApplicationDraft, at: Date): Promise<void> {
  await db
    .insertInto('channel_application_drafts')
    .values({ user_id: userId, data: JSON.stringify(data), updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ data: JSON.stringify(data), updated_at: at }))
    .execute();
}

export async function deleteDraft(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('channel_application_drafts').where('user_id', '=', userId).execute();
}
