import { z } from 'zod';
import { text } from './text';

/** The signed-in person as the studio shell needs them. */
export const Me = z.object({
  id: z.number().int(),
  name: z.string(),
  login: z.string(),
  profileImageUrl: z.string().nullable(),
  /** Spec section 3, "User profile". */
  isUser: z.boolean(),
  isOperator: z.boolean(),
});
export type Me = z.infer<typeof Me>;

export const HistoryRecord = z.object({ path: text({ max: 2048, trim: false }).optional() });
