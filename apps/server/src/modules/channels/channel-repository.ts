import type { Insertable, SelectQueryBuilder, Transaction, Updateable } from 'kysely';
import type { Channel, MyChannel } from '@studio/contract/channel';
import type { MemberRole } from '@studio/contract/enums';
import type { ChannelRow, Database, Db } from '../../db/schema';

/** A channel row in the spec's shape (section 3). */
export function toChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    name: row.name,
    channelInfo: { profileImageUrl: row.profile_image_url, channelType: { code: row.channel_type } },
    status: { code: row.status },
    serviceStatus: { shortsStatus: { code: row.shorts_status }, liveStatus: { code: row.live_status } },
    consumerInfo: {
      useMainnews: row.use_mainnews,
      useDocumentWrite: row.use_document_write,
      usePostWrite: row.use_post_write,
    },
    channelLabelInfo: { labels: row.labels },
  };
}

/** The name and status of a channel, for the rules of invites and transfers. */
export async function channelNameAndStatus(db: Db | Transaction<Database>, channelId: number) {
  return db.selectFrom('channels').select(['id', 'name', 'status']).where('id', '=', channelId).executeTakeFirstOrThrow();
}

/** A channel row, whatever its status. */
export async function findChannel(db: Db | Transaction<Database>, channelId: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('id', '=', channelId).executeTakeFirst();
}

const ROLE_ORDER = { OWNER: 0, MANAGER: 1, CREDIT_MANAGER: 2 } as const satisfies Record<MemberRole, number>;

export function channelRepository(db: Db) {
  const memberChannels = (userId: number): SelectQueryBuilder<Database, 'channels' | 'channel_members', ChannelRow & { role: MemberRole }> =>
    db
      .selectFrom('channels')
      .innerJoin('channel_members', 'channel_members.channel_id', 'channels.id')
      .selectAll('channels')
      .select('channel_members.role')
      .where('channel_members.user_id', '=', userId)
      .where('channels.status', '!=', 'DELETED');

  return {
    /**
     * A live (not deleted) channel and the person's role on it (null without
     * one), in one round trip: what the access hook needs.
     */
    async findWithRole(channelId: number, userId: number): Promise<{ channel: ChannelRow; role: MemberRole | null } | undefined> {
      const row = await db
        .selectFrom('channels')
        .leftJoin('channel_members', (join) =>
          join.onRef('channel_members.channel_id', '=', 'channels.id').on('channel_members.user_id', '=', userId),
        )
        .selectAll('channels')
        .select('channel_members.role')
        .where('channels.id', '=', channelId)
        .where('channels.status', '!=', 'DELETED')
        .executeTakeFirst();
      if (!row) return undefined;
      const { role, ...channel } = row;
      return { channel, role };
    },

    async setShowSubscriberCount(channelId: number, show: boolean, at: Date): Promise<void> {
      await db.updateTable('channels').set({ show_subscriber_count: show, updated_at: at }).where('id', '=', channelId).execute();
    },

    /** Every channel the person holds a role on, owned ones first. Bounded by membership, not by table size. */
    async listForMember(userId: number): Promise<MyChannel[]> {
      const rows = await memberChannels(userId).orderBy('channels.id').execute();
      return rows
        .map((row) => ({ ...toChannel(row), role: row.role }))
        .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
    },
  };
}

/** A channel row; the labels go in as the JSON column they are stored in. */
export async function insertChannel(
  db: Db | Transaction<Database>,
  values: Omit<Insertable<Database['channels']>, 'labels'> & { labels: { code: string; name: string }[] },
): Promise<number> {
  const row = await db
    .insertInto('channels')
    .values({ ...values, labels: JSON.stringify(values.labels) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A channel's new type and the feature columns that go with it (an approved ADD_TYPE application). */
export async function changeChannelType(
  trx: Transaction<Database>,
  channelId: number,
  values: Pick<Updateable<Database['channels']>, 'channel_type' | 'use_document_write' | 'use_post_write' | 'shorts_status' | 'live_status'> & { updated_at: Date },
): Promise<void> {
  await trx.updateTable('channels').set(values).where('id', '=', channelId).execute();
}
