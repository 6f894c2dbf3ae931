import { z } from 'zod';
import { NoticeCategory } from './enums';
import { pageNumber, pageOf, pageSize } from './page';
import { text } from './text';
import { Instant } from './time';

/** Spec section 3, "Notice". */
export const Notice = z.object({
  contentId: z.number().int(),
  title: z.string(),
  /** The Korean date of `publishedAt` (spec field). */
  timeString: z.string(),
  publishedAt: Instant,
  isNew: z.boolean(),
  category: NoticeCategory,
});
export type Notice = z.infer<typeof Notice>;

/** A neighbouring notice in the list's order (newest first): `previous` is older, `next` newer. */
export const NoticeLink = z.object({ contentId: z.number().int(), title: z.string() });

/** `body` is HTML sanitised on the server (an allowlist of formatting, links and images). */
export const NoticeDetail = Notice.extend({ body: z.string(), previous: NoticeLink.nullable(), next: NoticeLink.nullable() });
export type NoticeDetail = z.infer<typeof NoticeDetail>;

export const NoticePage = pageOf(Notice);

/** consumerCategory arrives comma-joined: `STUDIO_IMPORTANT,STUDIO`. */
export const NoticeListQuery = z.object({
  page: pageNumber.default(0),
  size: pageSize(10),
  consumerCategory: text({ max: 200 })
    .default('STUDIO,STUDIO_IMPORTANT')
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(z.array(NoticeCategory).min(1)),
});

/** Published notices are counted up to this many for the list's total (never the whole table); the pager pages on past it. */
export const NOTICE_COUNT_CAP = 10_000;
