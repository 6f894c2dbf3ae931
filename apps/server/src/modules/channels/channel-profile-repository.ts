import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';

/** The profile columns of a channel, as stored. */
export type StoredProfile = {
  id: number;
  name: string;
  description: string;
  profile_image_url: string | null;
  banner_image_url: string | null;
  links: { url: string }[];
  updated_at: Date;
};

const PROFILE_COLUMNS = ['id', 'name', 'description', 'profile_image_url', 'banner_image_url', 'links', 'updated_at'] as const;

/** A live channel's profile, or undefined. */
export async function findProfile(db: Db | Transaction<Database>, channelId: number): Promise<StoredProfile | undefined> {
  return db.selectFrom('channels').select(PROFILE_COLUMNS).where('id', '=', channelId).where('status', '!=', 'DELETED').executeTakeFirst();
}

/** The profile, with the channel row locked until the transaction ends: parallel saves compare against what the one before wrote. */
export async function lockProfile(trx: Transaction<Database>, channelId: number): Promise<StoredProfile | undefined> {
  return trx.selectFrom('channels').select(PROFILE_COLUMNS).where('id', '=', channelId).where('status', '!=', 'DELETED').forUpdate().executeTakeFirst();
}

export async function writeProfile(
  trx: Transaction<Database>,
  channelId: number,
  profile: Omit<StoredProfile, 'id' | 'updated_at'>,
  at: Date,
): Promise<StoredProfile> {
  return trx
    .updateTable('channels')
    .set({
      name: profile.name,
      description: profile.description,
      profile_image_url: profile.profile_image_url,
      banner_image_url: profile.banner_image_url,
      links: JSON.stringify(profile.links),
      updated_at: at,
    })
    .where('id', '=', channelId)
    .returning(PROFILE_COLUMNS)
    .executeTakeFirstOrThrow();
}
