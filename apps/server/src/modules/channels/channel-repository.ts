import type { SelectQueryBuilder } from 'kysely';
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
    /** Every channel the person holds a role on, owned ones first. Bounded by membership, not by table size. */
    async listForMember(userId: number): Promise<MyChannel[]> {
      const rows = await memberChannels(userId).orderBy('channels.id').execute();
      return rows
        .map((row) => ({ ...toChannel(row), role: row.role }))
        .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
    },
  };
}
