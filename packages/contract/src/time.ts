import { z } from 'zod';

/** An instant as it leaves the server: ISO 8601 in UTC (`2026-11-22T03:00:00.000Z`). The browser formats it. */
export const Instant = z.iso.datetime();
export type Instant = z.infer<typeof Instant>;
