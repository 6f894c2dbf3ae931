import type { ContentPreview } from '@studio/contract/content';
import type { ChannelRow } from '../../db/schema';
import { plainTextToRichText, sanitizeRichText } from '../../lib/sanitize-html';
import { toContentDetail, type ContentRow } from './content-repository';

/**
 * A content as a reader sees it. The article body is stored as the editor sent
 * it and sanitised here, on the way out, by the one allow-list; a post's text
 * is escaped. Nothing a writer typed reaches a reader as markup of its own.
 */
export function toContentPreview(row: ContentRow, channel: Pick<ChannelRow, 'name'>): ContentPreview {
  const detail = toContentDetail(row);
  return {
    id: detail.id,
    channelId: detail.channelId,
    channelName: channel.name,
    kind: detail.kind,
    status: detail.status,
    title: detail.title,
    html: row.kind === 'POST' || row.kind === 'SHORTS' || row.kind === 'LIVE' ? plainTextToRichText(row.body) : sanitizeRichText(row.body),
    coverImage: detail.coverImage,
    images: detail.images,
    link: detail.link,
    publishedAt: detail.publishedAt,
    viewCount: detail.viewCount,
  };
}

/**
 * The first image of an article's body (the editor's HTML), shown in the list when no cover was
 * chosen (issue 25, point 2). Only an address of this site (`/…`) or an http(s) one; migration 0025
 * applies the same rule to articles saved before.
 */
export function firstBodyImageUrl(html: string): string | null {
  const found = /<img\b[^>]*\ssrc="(\/[^"/][^"]*|https?:\/\/[^"]+)"/i.exec(html);
  return found?.[1] ?? null;
}
