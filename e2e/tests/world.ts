import type { ContentKind, ContentStatus, MemberRole } from '@studio/contract/enums';
import type { Person } from '../../apps/server/src/seed/factories';
import { createApplication, createContent, createInvite, createNotification, createTransfer } from '../../apps/server/src/seed/factories';
import type { World } from './fixtures';

// Small recipes over the seed's factories for what several specs need.

const DAY = 86_400_000;
export const ago = (ms: number) => new Date(Date.now() - ms);
export const fromNow = (ms: number) => new Date(Date.now() + ms);

export function notify(world: World, to: Person, message: string, options: { channelId?: number | null; landingUrl?: string | null; at?: Date; read?: boolean } = {}) {
  return createNotification(world.db, {
    user_id: to.userId,
    channel_id: options.channelId ?? null,
    message,
    image_url: null,
    landing_url: options.landingUrl ?? null,
    read_at: options.read ? new Date() : null,
    created_at: options.at ?? new Date(),
  });
}

export function invite(world: World, channelId: number, invitee: Person, inviter: Person | null, role: MemberRole = 'MANAGER') {
  return createInvite(world.db, {
    channel_id: channelId,
    invitee_user_id: invitee.userId,
    inviter_user_id: inviter?.userId ?? null,
    role,
    created_at: ago(DAY),
    expires_at: role === 'OWNER' ? fromNow(29 * DAY) : null,
  });
}

export function transfer(world: World, channelId: number, from: Person, to: Person) {
  return createTransfer(world.db, { channel_id: channelId, from_user_id: from.userId, to_user_id: to.userId, created_at: ago(3_600_000), expires_at: fromNow(7 * DAY) });
}

export function application(world: World, applicant: Person, values: { name: string; status: 'APPROVE' | 'REVIEW' | 'REJECT' | 'WAIT'; channelId?: number | null; reviewedDaysAgo?: number }) {
  return createApplication(world.db, {
    applicant_user_id: applicant.userId,
    channel_id: values.channelId ?? null,
    channel_name: values.name,
    channel_type: values.channelId ? 'CONTENTS_CHANNEL' : 'MEDIA_CHANNEL',
    applicant_kind: 'INDIVIDUAL',
    apply_type: 'NEW_APPLY',
    status: values.status,
    created_at: ago(10 * DAY),
    reviewed_at: values.reviewedDaysAgo === undefined ? null : ago(values.reviewedDaysAgo * DAY),
  });
}

/** Contents in insertion order, oldest first (lists show the newest first). */
export async function contents(world: World, channelId: number, author: Person, rows: [ContentKind, ContentStatus, string, number][]) {
  let age = rows.length;
  for (const [kind, status, title, views] of rows) {
    await createContent(world.db, { channel_id: channelId, author_user_id: author.userId, kind, status, title, view_count: views, thumbnail_url: null, created_at: ago(age-- * 3_600_000) });
  }
}
