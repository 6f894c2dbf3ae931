import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { channelCrewIds } from '../members/member-repository';
import { landing, notify } from '../notifications/notification-producer';
import type { ContentRow } from './content-repository';

/**
 * A content went public (published now, or its reservation came due): told in the
 * transaction that made it public, so only the call that really moved it tells anyone.
 *
 * Who: the channel's owner and managers, the people who answer for what the channel
 * shows, except the person who published it (they saw it happen). A reservation
 * published by the job has no such person: the whole crew hears, the author included,
 * since nobody watched it go out. Credit managers handle revenue and are not told.
 */
export async function notifyContentPublished(
  trx: Transaction<Database>,
  content: Pick<ContentRow, 'id' | 'channel_id' | 'title'>,
  channel: { id: number; name: string },
  actorId: number | null,
  at: Date,
): Promise<void> {
  const crew = (await channelCrewIds(trx, channel.id)).filter((id) => id !== actorId);
  await notify(trx, {
    to: crew,
    channel,
    type: 'CONTENT_PUBLISHED',
    params: { title: content.title },
    landingUrl: landing.contentPreview(content.channel_id, content.id),
    at,
  });
}
