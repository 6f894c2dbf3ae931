import { z } from 'zod';
import { NotificationGroup } from './enums';
import { pageNumber, pageOf, pageSize } from './page';

/** Spec section 3, "Notification". No channelId means the studio operator sent it. */
export const Notification = z.object({
  id: z.number().int(),
  message: z.string(),
  imageUrl: z.string().nullable(),
  read: z.boolean(),
  timeString: z.string(),
  landingUrl: z.string().nullable(),
  channelId: z.number().int().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = pageOf(Notification);

export const NotificationListQuery = z.object({
  group: NotificationGroup.default('ALL'),
  page: pageNumber.default(0),
  size: pageSize(20),
});

export const UnreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;
