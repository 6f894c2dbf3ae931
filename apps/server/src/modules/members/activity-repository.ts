import type { ProfileField } from '@studio/contract/channel-profile';
import type { MemberRole } from '@studio/contract/enums';
import type { Activity, ActivityAction } from '@studio/contract/member';
import { toPage, type Page } from '@studio/contract/page';
import type { Db } from '../../db/schema';
import type { Executor } from './member-repository';

export type ActivityEntry = {
  channelId: number;
  action: ActivityAction;
  actorUserId: number | null;
  targetUserId: number | null;
  role: MemberRole | null;
  /** PROFILE_CHANGED: the parts of the profile that changed. */
  fields?: ProfileField[];
  at: Date;
};

/** Written in the same transaction as the change it records. */
export async function logActivity(db: Executor, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto('channel_activity')
    .values({
      channel_id: entry.channelId,
      action: entry.action,
      actor_user_id: entry.actorUserId,
      target_user_id: entry.targetUserId,
      role: entry.role,
      details: entry.fields ? JSON.stringify({ fields: entry.fields }) : null,
      created_at: entry.at,
    })
    .execute();
}

export function activityRepository(db: Db) {
  return {
    async page(channelId: number, page: number, size: number): Promise<Page<Activity>> {
      const base = db.selectFrom('channel_activity').where('channel_activity.channel_id', '=', channelId);
      const [rows, total] = await Promise.all([
        base
          .leftJoin('users as actor', 'actor.id', 'channel_activity.actor_user_id')
          .leftJoin('users as target', 'target.id', 'channel_activity.target_user_id')
          .select([
            'channel_activity.id',
            'channel_activity.action',
            'channel_activity.role',
            'channel_activity.details',
            'channel_activity.created_at',
            'actor.name as actorName',
            'target.name as targetName',
          ])
          .orderBy('channel_activity.created_at', 'desc')
          .orderBy('channel_activity.id', 'desc')
          .limit(size)
          .offset(page * size)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return toPage(
        rows.map(({ created_at, details, ...row }) => ({ ...row, fields: details?.fields ?? null, createdAt: created_at.toISOString() })),
        Number(total.count),
        page,
        size,
      );
    },
  };
}
