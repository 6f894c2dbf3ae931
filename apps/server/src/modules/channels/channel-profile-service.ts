import type { ChannelProfile, ChannelProfileSaved, ChannelProfileUpdate, ProfileField } from '@studio/contract/channel-profile';
import { linkKind } from '@studio/contract/links';
import type { Db } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { logActivity } from '../members/activity-repository';
import { channelCrewIds, userName } from '../members/member-repository';
import { landing, notify } from '../notifications/notification-producer';
import { findProfile, lockProfile, writeProfile, type StoredProfile } from './channel-profile-repository';
import { profileChanges } from './channel-rules';

function toProfile(row: StoredProfile): ChannelProfile {
  return {
    channelId: row.id,
    name: row.name,
    description: row.description,
    profileImageUrl: row.profile_image_url,
    bannerImageUrl: row.banner_image_url,
    links: row.links.map(({ url }) => ({ url, kind: linkKind(url) })),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * A channel's profile (issue 25, point 1). Every member reads it; the owner
 * saves it (the route declares channel:owner). A save locks the channel row
 * and compares with what is stored: only a real change is written, logged
 * once and told to the crew once, so parallel identical saves make one change.
 */
export function channelProfileService(db: Db) {
  return {
    async read(channelId: number): Promise<ChannelProfile> {
      const row = await findProfile(db, channelId);
      if (!row) throw new AppError('CHANNEL_NOT_FOUND');
      return toProfile(row);
    },

    async save(channelId: number, ownerId: number, update: ChannelProfileUpdate, now: Date): Promise<ChannelProfileSaved> {
      return db.transaction().execute(async (trx) => {
        const before = await lockProfile(trx, channelId);
        if (!before) throw new AppError('CHANNEL_NOT_FOUND');
        const next = {
          name: update.name,
          description: update.description,
          profile_image_url: update.profileImageUrl,
          banner_image_url: update.bannerImageUrl,
          links: update.links.map(({ url }) => ({ url })),
        };
        const changed: ProfileField[] = profileChanges(before, next);
        if (changed.length === 0) return { profile: toProfile(before), changed };
        const after = await writeProfile(trx, channelId, next, now);
        await logActivity(trx, { channelId, action: 'PROFILE_CHANGED', actorUserId: ownerId, targetUserId: null, role: null, fields: changed, at: now });
        const crew = (await channelCrewIds(trx, channelId)).filter((id) => id !== ownerId);
        await notify(trx, {
          to: crew,
          channel: { id: channelId, name: after.name },
          type: 'CHANNEL_PROFILE_CHANGED',
          params: { actorName: await userName(trx, ownerId), fields: changed },
          landingUrl: landing.channelProfile(channelId),
          at: now,
        });
        return { profile: toProfile(after), changed };
      });
    },
  };
}
