import { z } from 'zod';

export type TextRules = {
  /** Fewest characters (code points), after trimming. */
  min?: number;
  /** Most characters (code points), after trimming: an emoji counts as one and is never cut in half. */
  max: number;
  /** Trim surrounding white space before checking and storing (default true). */
  trim?: boolean;
  /** Allow line breaks and tabs (default false: one line). */
  multiline?: boolean;
};

// PostgreSQL cannot store U+0000 in text, and a lone UTF-16 surrogate is not a character at all.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Other C0 controls and DEL never belong in studio text; line breaks and tabs only where multiline.
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_SINGLE_LINE = /[\u0001-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_MULTILINE = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Length as a person counts it: code points, not UTF-16 units. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/**
 * The one rule for every text field a client sends (bodies and query
 * strings): a bad value is a 400 with a code, never a 500 from the database.
 */
export function text({ min = 0, max, trim = true, multiline = false }: TextRules) {
  const base = trim ? z.string().trim() : z.string();
  const controls = multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE;
  return base
    .refine((value) => !UNSTORABLE.test(value), { message: 'contains a character that cannot be stored (NUL or a broken surrogate)' })
    .refine((value) => !controls.test(value), { message: 'contains a control character' })
    .refine((value) => characterCount(value) >= min, { message: `must be at least ${min} characters` })
    .refine((value) => characterCount(value) <= max, { message: `must be at most ${max} characters` })
    .meta({ minLength: min, maxLength: max });
}
