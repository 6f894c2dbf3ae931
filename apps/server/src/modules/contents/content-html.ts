import type { ContentPreview, PreviewVideo } from '@studio/contract/content';
import type { ProcessingStatus } from '@studio/contract/enums';
import type { ChannelRow } from '../../db/schema';
import { plainTextToRichText, sanitizeRichText } from '../../lib/sanitize-html';
import { toContentDetail, type ContentRow } from './content-repository';

/**
 * A content as a reader sees it. The article body is stored as the editor sent
 * it and sanitised here, on the way out, by the one allow-list; a post's text
 * is escaped. Nothing a writer typed reaches a reader as markup of its own.
 */
export function toContentPreview(row: ContentRow, channel: Pick<ChannelRow, 'name'>, loopStatus?: ProcessingStatus | null): ContentPreview {
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
    video: previewVideo(row, loopStatus),
  };
}

const FAILED_LOOP: readonly (ProcessingStatus | null | undefined)[] = ['ERROR', 'STOP'];
const UNFINISHED_LOOP: readonly (ProcessingStatus | null | undefined)[] = ['RESERVED', 'START', 'PROCESSING'];

/**
 * What a loop's or a replay's preview plays (issue 25): its rendition while it has one and its loop
 * (the latest upload published as this content) is not being made again; the loop's processing or
 * failure otherwise, so the preview says why there is nothing to play.
 */
export function previewVideo(row: Pick<ContentRow, 'kind' | 'video_url' | 'thumbnail_url' | 'duration_seconds'>, loopStatus?: ProcessingStatus | null): PreviewVideo | null {
  if (row.kind !== 'SHORTS' && row.kind !== 'LIVE') return null;
  const state = FAILED_LOOP.includes(loopStatus) ? 'FAILED' : row.video_url && !UNFINISHED_LOOP.includes(loopStatus) ? 'READY' : 'PROCESSING';
  return { state, url: state === 'READY' ? row.video_url : null, posterUrl: row.thumbnail_url, durationSeconds: row.duration_seconds };
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

/** An uploaded image's address anywhere in a text, with or without an origin before it (media-store.ts names). */
const UPLOADED_IMAGE_ADDRESS = /\/media\/images\/([A-Za-z0-9][A-Za-z0-9._-]*)/g;

/**
 * The addresses (`/media/images/<name>`) of the uploaded images a body names, anywhere in it: an `<img>`
 * of this site, one pasted with this site's origin, a link to one. Wider than what a reader is shown, so
 * an image is never taken for unused while a body still names it. Migration 0044 reads bodies saved
 * before by the same rule.
 */
export function bodyImageUrls(body: string): string[] {
  return [...new Set([...body.matchAll(UPLOADED_IMAGE_ADDRESS)].map((found) => `/media/images/${found[1] ?? ''}`))];
}
