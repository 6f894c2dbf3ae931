import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The two validation messages the spec has: an empty required field, and anything else that is wrong. */
export type FieldProblem = 'required' | 'invalid';

/** Nothing given, or only spaces (the schemas trim before they check). */
function problemOf(issue: { input?: unknown }): FieldProblem {
  return issue.input === undefined || issue.input === '' ? 'required' : 'invalid';
}

/**
 * Validates a form with the contract's own request schema, so the browser
 * refuses exactly what the server would; each error's message is the
 * problem's name, which the field turns into the spec's text.
 */
export function formResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return zodResolver(schema, { error: (issue) => problemOf(issue) });
}
