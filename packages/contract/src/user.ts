import { z } from 'zod/mini';

// zod/mini: the shell parses this on every first load (docs/decisions/023).

/** The signed-in person as the studio shell needs them. */
export const Me = z.object({
  id: z.int(),
  name: z.string(),
  login: z.string(),
  profileImageUrl: z.nullable(z.string()),
  /** Spec section 3, "User profile". */
  isUser: z.boolean(),
  isOperator: z.boolean(),
});
export type Me = z.infer<typeof Me>;
