import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { MyChannel } from '@studio/contract/channel';
import { APPLY_RESULT_COUNT_CAP, type ApplyResult, type ManagementFilters, type PendingInvite } from '@studio/contract/management';
import type { ChannelType, InviteKind, MemberRole } from '@studio/contract/enums';
import { toPage, type Page } from '@studio/contract/page';
import { literalCount } from '../../db/literal';
import { pageWithTotal, totalUpTo } from '../../db/paged';
import type { Db } from '../../db/schema';
import { toChannel } from './channel-repository';

export function managementRepository(db: Db) {
  const myChannels = (userId: number, filters: ManagementFilters) => {
    let query = db
      .selectFrom('channels')
      .innerJoin('channel_members', 'channel_members.channel_id', 'channels.id')
      .where('channel_members.user_id', '=', userId)
      .where('channels.status', '!=', 'DELETED');
    if (filters.channelTypes.length) query = query.where('channels.channel_type', 'in', filters.channelTypes);
    if (filters.statuses.length) query = query.where('channels.status', 'in', filters.statuses);
    if (filters.roles.length) query = query.where('channel_members.role', 'in', filters.roles);
    return query;
  };

  const myApplications = (userId: number, channelType?: ChannelType) => {
    let query = db.selectFrom('channel_applications').where('applicant_user_id', '=', userId);
    if (channelType) query = query.where('channel_type', '=', channelType);
    return query;
  };

  const pendingInvites = (userId: number) =>
    db
      .selectFrom('channel_invites as i')
      .innerJoin('channels as c', 'c.id', 'i.channel_id')
      .leftJoin('users as inviter', 'inviter.id', 'i.inviter_user_id')
      .where('i.invitee_user_id', '=', userId)
      .where('i.status', '=', 'PENDING')
      .where('c.status', '!=', 'DELETED');

  const pendingTransfers = (userId: number) =>
    db
      .selectFrom('channel_transfers as t')
      .innerJoin('channels as c', 'c.id', 't.channel_id')
      .innerJoin('users as sender', 'sender.id', 't.from_user_id')
      .where('t.to_user_id', '=', userId)
      .where('t.status', '=', 'PENDING')
      .where('c.status', '!=', 'DELETED');

  /** Pending invites and transfers of the person, as one expression (each bounded: one pending per channel). */
  const pendingCount = (userId: number) =>
    sql<number>`(${pendingInvites(userId).select(sql<number>`count(*)::int`.as('n'))}) + (${pendingTransfers(userId).select(sql<number>`count(*)::int`.as('n'))})`;

  return {

    /**
     * One statement: the count of the person's matching memberships (bounded by membership, never by
     * table size) and the page, so a page past the end still carries its total.
     */
    async channels(userId: number, filters: ManagementFilters, page: number, size: number): Promise<Page<MyChannel>> {
      const roleOrder = sql<number>`CASE channel_members.role WHEN 'OWNER' THEN 0 WHEN 'MANAGER' THEN 1 ELSE 2 END`;
      const { rows, total } = await pageWithTotal(
        db,
        myChannels(userId, filters).select(sql<number>`count(*)::int`.as('total')),
        myChannels(userId, filters)
          .selectAll('channels')
          .select(['channel_members.role', roleOrder.as('role_order')])
          .orderBy(roleOrder)
          .orderBy('channels.id')
          .limit(literalCount(size))
          .offset(literalCount(page * size)),
        [['role_order'], ['id']],
      );
      return toPage(
        rows.map((row) => ({ ...toChannel(row), role: row.role })),
        total,
        page,
        size,
      );
    },

    /**
     * One statement: the total (counted up to the cap, through the applicant index), and the page
     * with each application's timeline aggregated beside it.
     */
    async applyResults(userId: number, channelType: ChannelType | undefined, page: number, size: number): Promise<Page<ApplyResult>> {
      const { rows, total } = await pageWithTotal(
        db,
        totalUpTo(db, myApplications(userId, channelType).select('id'), APPLY_RESULT_COUNT_CAP),
        myApplications(userId, channelType)
          .selectAll('channel_applications')
          .select((eb) =>
            jsonArrayFrom(
              eb
                .selectFrom('channel_application_events as e')
                .select(['e.status', 'e.reason', sql<string>`to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('at')])
                .where('e.application_id', '=', sql.ref<number>('channel_applications.id'))
                .orderBy('e.id'),
            ).as('timeline'),
          )
          .orderBy('id', 'desc')
          // One row more than the page: past the counted total it says whether more follow.
          .limit(literalCount(size + 1))
          .offset(literalCount(page * size)),
        [['id', 'desc']],
      );
      return toPage(
        rows.map((row) => ({
          id: row.id,
          channelId: row.channel_id,
          channelName: row.channel_name,
          channelType: row.channel_type,
          applicantKind: row.applicant_kind,
          applyType: row.apply_type,
          status: row.status,
          rejectReason: row.reject_reason,
          appliedAt: row.created_at.toISOString(),
          reviewedAt: row.reviewed_at ? row.reviewed_at.toISOString() : null,
          timeline: row.timeline.map((event) => ({ status: event.status, at: event.at, reason: event.reason })),
        })),
        total,
        page,
        size,
      );
    },

    /**
     * Pending invites and transfers together, newest first, paged in the
     * database: one UNION ALL ordered and cut by PostgreSQL.
     */
    async invites(userId: number, page: number, size: number): Promise<Page<PendingInvite>> {
      const both = pendingInvites(userId)
        .select([
          sql<InviteKind>`'INVITE'`.as('kind'),
          'i.id',
          'i.role',
          'i.created_at',
          'i.expires_at',
          'c.id as channelId',
          'c.name as channelName',
          'c.profile_image_url as channelProfileImageUrl',
          'inviter.name as fromName',
        ])
        .unionAll(
          pendingTransfers(userId).select([
            sql<InviteKind>`'TRANSFER'`.as('kind'),
            't.id',
            sql<MemberRole>`'OWNER'`.as('role'),
            't.created_at',
            't.expires_at',
            'c.id as channelId',
            'c.name as channelName',
            'c.profile_image_url as channelProfileImageUrl',
            'sender.name as fromName',
          ]),
        );
      // One statement: the pending count and the page (a page past the end still carries its total).
      const { rows, total } = await pageWithTotal(
        db,
        db.selectNoFrom(pendingCount(userId).as('total')),
        db
          .selectFrom(both.as('p'))
          .selectAll()
          .orderBy('p.created_at', 'desc')
          .orderBy('p.kind')
          .orderBy('p.id', 'desc')
          .limit(literalCount(size))
          .offset(literalCount(page * size)),
        [['created_at', 'desc'], ['kind'], ['id', 'desc']],
      );
      return toPage(
        rows.map((row) => ({
          kind: row.kind,
          id: row.id,
          channelId: row.channelId,
          channelName: row.channelName,
          channelProfileImageUrl: row.channelProfileImageUrl,
          channelManagementType: row.kind === 'TRANSFER' || row.role === 'OWNER' ? ('OWNER' as const) : ('MANAGER' as const),
          role: row.role,
          fromName: row.fromName,
          createdAt: row.created_at.toISOString(),
          expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
        })),
        total,
        page,
        size,
      );
    },

    /** The three tab counts in one statement: memberships and pending answers are bounded; applications are capped. */
    async tabCount(userId: number) {
      const none: ManagementFilters = { channelTypes: [], statuses: [], roles: [] };
      const row = await db
        .selectNoFrom([
          myChannels(userId, none).select(sql<number>`count(*)::int`.as('n')).as('channelCount'),
          db
            .selectFrom(myApplications(userId).select('id').limit(literalCount(APPLY_RESULT_COUNT_CAP)).as('capped'))
            .select(sql<number>`count(*)::int`.as('n'))
            .as('applyResultCount'),
          pendingCount(userId).as('inviteCount'),
        ])
        .executeTakeFirstOrThrow();
      return {
        channelCount: Number(row.channelCount ?? 0),
        applyResultCount: Number(row.applyResultCount ?? 0),
        inviteCount: Number(row.inviteCount ?? 0),
      };
    },
  };
}
