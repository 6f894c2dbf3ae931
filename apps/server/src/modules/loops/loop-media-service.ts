import type { Db } from '../../db/schema';
import { channelService } from '../channels/channel-service';
import { loopMediaRepository } from './loop-media-repository';

/**
 * Who may read a loop rendition (issue 22: private media only through the studio's access checks):
 * - `public`: its content is public on a channel in service; anyone, and caches may keep it briefly;
 * - `private`: not (yet, or no longer) public, and the reader holds a role on its channel (the studio's
 *   own preview, same-origin, carries the session cookie);
 * - `undefined`: nobody else, answered like a name never written, so a stranger learns nothing.
 */
export type MediaReadAccess = 'public' | 'private' | undefined;

export function loopMediaService(db: Db) {
  const loops = loopMediaRepository(db);
  const channels = channelService(db);
  return {
    renditionAccess: async (name: string, userId: number | null): Promise<MediaReadAccess> => {
      const owner = await loops.findRenditionOwner(name);
      if (!owner) return undefined;
      if (owner.isPublic) return 'public';
      if (userId === null) return undefined;
      // Read from the database each time: only the studio's own preview asks, never a viewer.
      return (await channels.findWithRole(owner.channelId, userId))?.role ? 'private' : undefined;
    },
  };
}
