import { z } from 'zod';
import { ContentKind, ContentStatus } from './enums';
import { pageNumber, pageOf, pageSize } from './page';
import { text } from './text';
import { Instant } from './time';

export const ContentSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: ContentKind,
  status: ContentStatus,
  viewCount: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  createdAt: Instant,
});
export type ContentSummary = z.infer<typeof ContentSummary>;
export const ContentPage = pageOf(ContentSummary);

const commaJoined = text({ max: 200 }).transform((value) => value.split(',').map((part) => part.trim()));

export const ChannelContentsQuery = z.object({
  status: commaJoined.pipe(z.array(ContentStatus).min(1)).optional(),
  kind: commaJoined.pipe(z.array(ContentKind).min(1)).optional(),
  page: pageNumber.default(0),
  size: pageSize(20),
});

export const CreatePostBody = z.object({
  body: text({ min: 1, max: 5000, multiline: true }),
});

export const CreateDraftBody = z.object({
  title: text({ max: 200 }).default(''),
});

export const CreatedContent = z.object({ contentId: z.number().int() });
export type CreatedContent = z.infer<typeof CreatedContent>;

const MAN = 10_000;
const CHEON = 1_000;
const MAN_CAP = 9999.9;

/** One decimal, cut not rounded, with a trailing .0 dropped: 1.25 → "1.2", 3.0 → "3". */
function oneDecimal(value: number): string {
  const cut = Math.floor(value * 10) / 10;
  return Number.isInteger(cut) ? String(cut) : cut.toFixed(1);
}

/**
 * View counts as the studio prints them (spec section 9): thousands (천) above
 * 1,000, ten-thousands (만) above 10,000, capped at 9999.9만.
 */
export function shortenViewCount(count: number): string {
  if (count > MAN) return `${oneDecimal(Math.min(count / MAN, MAN_CAP))}만`;
  if (count > CHEON) return `${oneDecimal(count / CHEON)}천`;
  return count.toLocaleString('ko-KR');
}
