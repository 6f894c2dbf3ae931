import { z } from 'zod';
import { text } from './text';

/** The one history call the studio sends on load (spec section 1); its failures are ignored. */
export const HistoryRecord = z.object({ path: text({ max: 2048, trim: false }).optional() });
export type HistoryRecord = z.infer<typeof HistoryRecord>;
