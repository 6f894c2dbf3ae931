import { z } from 'zod';
import { NotificationGroup } from './enums';

/**
 * Which notification groups a person receives (spec section 3, "Notification group": ALL, ADMIN,
 * CHANNEL). ALL switches every notification; ADMIN those from the studio operator (no channelId);
 * CHANNEL those about a channel. A notification is written only when both ALL and its own group are on.
 */
export const NotificationPreferences = z.object({ ALL: z.boolean(), ADMIN: z.boolean(), CHANNEL: z.boolean() }).strict();
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** Every group on: what a person who never chose receives. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { ALL: true, ADMIN: true, CHANNEL: true };

/** The groups, in the order they are shown. */
export const NOTIFICATION_PREFERENCE_GROUPS = NotificationGroup.options;
