import { sql } from 'kysely';
import type { MyChannel } from '@studio/contract/channel';
import type { ApplyResult, ManagementFilters, PendingInvite } from '@studio/contract/management';
import type { ChannelType, InviteKind, MemberRole } from '@studio/contract/enums';
import { toPage, type Page } from '@studio/contract/page';
import type { Db } from '../../db/schema';
import { timelines } from '../applications/application-repository';
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

  const pendingCount = async (userId: number): Promise<number> => {
    const [invites, transfers] = await Promise.all([
      pendingInvites(userId).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      pendingTransfers(userId).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return Number(invites.count) + Number(transfers.count);
  };

  return {
    pendingCount,

    async channels(userId: number, filters: ManagementFilters, page: number, size: number): Promise<Page<MyChannel>> {
      const [rows, total] = await Promise.all([
        myChannels(userId, filters)
          .selectAll('channels')
          .select('channel_members.role')
          .orderBy(sql`CASE channel_members.role WHEN 'OWNER' THEN 0 WHEN 'MANAGER' THEN 1 ELSE 2 END`)
          .orderBy('channels.id')
          .limit(size)
          .offset(page * size)
          .execute(),
        myChannels(userId, filters).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return toPage(
        rows.map((row) => ({ ...toChannel(row), role: row.role })),
        Number(total.count),
        page,
        size,
      );
    },

    async applyResults(userId: number, channelType: ChannelType | undefined, page: number, size: number): Promise<Page<ApplyResult>> {
      const [rows, total] = await Promise.all([
        myApplications(userId, channelType).selectAll().orderBy('id', 'desc').limit(size).offset(page * size).execute(),
        myApplications(userId, channelType).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      const events = await timelines(db, rows.map((row) => row.id));
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
          timeline: events.get(row.id) ?? [],
        })),
        Number(total.count),
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
      const [rows, counts] = await Promise.all([
        db
          .selectFrom(both.as('p'))
          .selectAll()
          .orderBy('p.created_at', 'desc')
          .orderBy('p.kind')
          .orderBy('p.id', 'desc')
          .limit(size)
          .offset(page * size)
          .execute(),
        pendingCount(userId),
      ]);
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
        counts,
        page,
        size,
      );
    },

    async tabCount(userId: number) {
      const none: ManagementFilters = { channelTypes: [], statuses: [], roles: [] };
      const [channels, applications, inviteCount] = await Promise.all([
        myChannels(userId, none).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        myApplications(userId).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        pendingCount(userId),
      ]);
      return {
        channelCount: Number(channels.count),
        applyResultCount: Number(applications.count),
        inviteCount,
      };
    },
  };
}
