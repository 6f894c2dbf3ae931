import { createOptionsFor } from '@studio/contract/channel';
import { CONTENT_TITLE_MAX, POST_BODY_MAX } from '@studio/contract/content';
import type { ContentKind, CreateOption } from '@studio/contract/enums';
import { characterCount } from '@studio/contract/text';
import type { ChannelRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { richTextHasContent } from '../../lib/sanitize-html';
import { toChannel } from '../channels/channel-repository';
import type { ContentRow } from './content-repository';

/** The create-menu option that writes a content of this kind. */
export function createOptionOf(kind: ContentKind): CreateOption | null {
  switch (kind) {
    case 'CONTENT_VIEW':
      return 'CONTENTS';
    case 'POST':
      return 'POST';
    case 'SHORTS':
      return 'LOOP_UPLOAD';
    case 'LIVE':
      return 'LIVE';
    case 'NEWS':
      return null;
  }
}

/** Why this channel cannot take this kind now (the create menu's rule), or null. */
export function channelRefusal(channel: ChannelRow, kind: ContentKind): 'CHANNEL_NOT_IN_SERVICE' | 'OPTION_DISABLED' | null {
  if (channel.status !== 'SERVICE') return 'CHANNEL_NOT_IN_SERVICE';
  const option = createOptionOf(kind);
  if (!option || !createOptionsFor(toChannel(channel)).includes(option)) return 'OPTION_DISABLED';
  return null;
}

/** The server holds the create menu's rule too: writing a kind whose option is off is refused. */
export function assertCreateOption(channel: ChannelRow, kind: ContentKind): void {
  if (channelRefusal(channel, kind)) {
    throw new AppError('CREATE_OPTION_DISABLED', undefined, { option: createOptionOf(kind), channelStatus: channel.status });
  }
}

/** Uploading an image needs one of the writing options (contents or posts) on the channel. */
export function assertWritable(channel: ChannelRow): void {
  if (channelRefusal(channel, 'CONTENT_VIEW') && channelRefusal(channel, 'POST')) {
    throw new AppError('CREATE_OPTION_DISABLED', undefined, { option: 'CONTENTS', channelStatus: channel.status });
  }
}

/** The field that stops a content from going public, or null when it is complete. */
export function incompleteField(row: Pick<ContentRow, 'kind' | 'title' | 'body' | 'images'>): 'title' | 'body' | null {
  if (row.kind === 'POST') return row.body.trim().length > 0 || row.images.length > 0 ? null : 'body';
  // A loop's video is its body; the description may stay empty.
  // A replay's recording is its body too; its description is the live's, perhaps empty.
  if (row.kind === 'SHORTS' || row.kind === 'LIVE') return row.title.trim().length === 0 ? 'title' : null;
  if (row.title.trim().length === 0) return 'title';
  if (!richTextHasContent(row.body)) return 'body';
  return null;
}

export function assertComplete(row: Pick<ContentRow, 'kind' | 'title' | 'body' | 'images'>): void {
  const field = incompleteField(row);
  if (field) throw new AppError('CONTENT_INCOMPLETE', undefined, { field });
}

/** A post's body is plain text of at most POST_BODY_MAX characters. */
export function assertPostBody(body: string): void {
  if (characterCount(body) > POST_BODY_MAX) {
    throw new AppError('VALIDATION_FAILED', undefined, { issues: [{ field: 'body', message: `must be at most ${POST_BODY_MAX} characters` }] });
  }
}

/** A post's title is its first line, as the channel home lists it. */
export function postTitle(body: string): string {
  const firstLine = body.trim().split('\n')[0] ?? '';
  return Array.from(firstLine).slice(0, Math.min(80, CONTENT_TITLE_MAX)).join('').trim();
}
