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

/** `body` is sanitised rich text (HTML from an allow-list). */
export const NoticeDetail = Notice.extend({ body: z.string() });
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
