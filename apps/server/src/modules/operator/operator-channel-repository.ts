import type { Transaction } from 'kysely';
import type { ChannelStatus } from '@studio/contract/enums';
import { OPERATOR_LIST_COUNT_CAP, type OperatorChannelUpdate } from '@studio/contract/operator';
import type { ChannelRow, Database, Db } from '../../db/schema';

type Trx = Transaction<Database>;

/** `%` and `_` typed by the operator are letters, not wildcards. */
const likeEscape = (value: string) => value.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_');

export type ChannelSearch = { q?: string; status?: ChannelStatus };

/** The fields an operator changes, as columns. */
export function channelColumns(update: OperatorChannelUpdate) {
  return {
    ...(update.status !== undefined ? { status: update.status } : {}),
    ...(update.shortsStatus !== undefined ? { shorts_status: update.shortsStatus } : {}),
    ...(update.liveStatus !== undefined ? { live_status: update.liveStatus } : {}),
    ...(update.useMainnews !== undefined ? { use_mainnews: update.useMainnews } : {}),
    ...(update.useDocumentWrite !== undefined ? { use_document_write: update.useDocumentWrite } : {}),
    ...(update.usePostWrite !== undefined ? { use_post_write: update.usePostWrite } : {}),
    ...(update.labels !== undefined ? { labels: JSON.stringify(update.labels) } : {}),
  };
}

export function operatorChannelRepository(db: Db) {
  const searched = ({ q, status }: ChannelSearch) => {
    let query = db.selectFrom('channels');
    if (status !== undefined) query = query.where('channels.status', '=', status);
    if (q !== undefined && q !== '') {
      const pattern = `%${likeEscape(q)}%`;
      query = /^[1-9][0-9]{0,15}$/.test(q)
        ? query.where((eb) => eb.or([eb('channels.id', '=', Number(q)), eb('channels.name', 'ilike', pattern)]))
        : query.where('channels.name', 'ilike', pattern);
    }
    return query;
  };

  return {
    /** Newest first; the total is counted up to OPERATOR_LIST_COUNT_CAP, and one row more than the page says whether more follow. */
    async search(search: ChannelSearch, page: number, size: number) {
      const [rows, total] = await Promise.all([
        searched(search).selectAll('channels').orderBy('channels.id', 'desc').limit(size + 1).offset(page * size).execute(),
        db
          .selectFrom(searched(search).select('channels.id').limit(OPERATOR_LIST_COUNT_CAP).as('capped'))
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    async find(channelId: number): Promise<ChannelRow | undefined> {
      return db.selectFrom('channels').selectAll().where('id', '=', channelId).executeTakeFirst();
    },

    /** Owners and pending owner invites of some channels (one page), by channel id. */
    async ownership(channelIds: number[]) {
      if (channelIds.length === 0) return { owners: [], invites: [] };
      const [owners, invites] = await Promise.all([
        db
          .selectFrom('channel_members')
          .innerJoin('users', 'users.id', 'channel_members.user_id')
          .select(['channel_members.channel_id as channelId', 'users.id as userId', 'users.login', 'users.name'])
          .where('channel_members.channel_id', 'in', channelIds)
          .where('channel_members.role', '=', 'OWNER')
          .execute(),
        db
          .selectFrom('channel_invites')
          .innerJoin('users', 'users.id', 'channel_invites.invitee_user_id')
          .select(['channel_invites.channel_id as channelId', 'channel_invites.id as inviteId', 'users.login', 'users.name', 'channel_invites.expires_at as expiresAt'])
          .where('channel_invites.channel_id', 'in', channelIds)
          .where('channel_invites.role', '=', 'OWNER')
          .where('channel_invites.status', '=', 'PENDING')
          .orderBy('channel_invites.id', 'desc')
          .execute(),
      ]);
      return { owners, invites };
    },
  };
}

/** The channel row, locked until the transaction ends: two operators' changes apply one after the other. */
export async function lockChannel(trx: Trx, channelId: number): Promise<ChannelRow | undefined> {
  return trx.selectFrom('channels').selectAll().where('id', '=', channelId).forUpdate().executeTakeFirst();
}

/** The channel's pending owner invite, if it has one (at most one is pending at a time). */
export async function pendingOwnerInvite(trx: Trx, channelId: number): Promise<{ id: number; invitee_user_id: number } | undefined> {
  return trx
    .selectFrom('channel_invites')
    .select(['id', 'invitee_user_id'])
    .where('channel_id', '=', channelId)
    .where('role', '=', 'OWNER')
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
}

export async function updateChannel(trx: Trx, channelId: number, update: OperatorChannelUpdate, at: Date): Promise<ChannelRow> {
  return trx
    .updateTable('channels')
    .set({ ...channelColumns(update), updated_at: at })
    .where('id', '=', channelId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
