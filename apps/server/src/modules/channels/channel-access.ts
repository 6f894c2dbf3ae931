import { z } from 'zod';
import { channelHasHome } from '@studio/contract/channel';
import type { MemberRole } from '@studio/contract/enums';
import type { ChannelRow, Db } from '../../db/schema';
import { AppError } from '../../lib/errors';

export const ChannelIdParams = z.object({ channelId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export type ChannelAccess = { channel: ChannelRow; role: MemberRole };

/**
 * The one place that decides whether a person may touch a channel: 404 when it
 * does not exist (or is deleted), 403 when they hold no role on it.
 */
export async function channelAccess(db: Db, channelId: number, userId: number): Promise<ChannelAccess> {
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
  if (!row) throw new AppError('CHANNEL_NOT_FOUND');
  const { role, ...channel } = row;
  if (!role) throw new AppError('CHANNEL_ACCESS_DENIED');
  return { channel, role };
}

export async function ownerAccess(db: Db, channelId: number, userId: number): Promise<ChannelAccess> {
  const access = await channelAccess(db, channelId, userId);
  if (access.role !== 'OWNER') throw new AppError('CHANNEL_OWNER_ONLY');
  return access;
}

/** Channel home exists only for media and contents channels (spec section 2). */
export function assertHasHome(channel: ChannelRow): void {
  if (!channelHasHome(channel.channel_type)) {
    throw new AppError('CHANNEL_NOT_FOUND', '채널 홈은 미디어 채널과 콘텐츠 채널에만 있습니다.');
  }
}
