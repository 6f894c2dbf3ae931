import type { Db } from '../../db/schema';

/** Who a loop rendition belongs to, and whether anyone may watch it: its content is public on a channel in service. */
export type RenditionOwner = { channelId: number; isPublic: boolean };

export function loopMediaRepository(db: Db) {
  return {
    /** The loop that holds the rendition `name` (index loops_video_name, migration 0033), with its content's and channel's state. */
    async findRenditionOwner(name: string): Promise<RenditionOwner | undefined> {
      const row = await db
        .selectFrom('loops')
        .innerJoin('channels', 'channels.id', 'loops.channel_id')
        .leftJoin('contents', 'contents.id', 'loops.content_id')
        .select(['loops.channel_id', 'contents.status as content_status', 'channels.status as channel_status'])
        .where('loops.video_name', '=', name)
        .where((eb) => eb.or([eb('loops.status', 'is', null), eb('loops.status', '<>', 'DELETE')]))
        .executeTakeFirst();
      if (!row) return undefined;
      return { channelId: Number(row.channel_id), isPublic: row.content_status === 'PUBLIC' && row.channel_status === 'SERVICE' };
    },
  };
}
