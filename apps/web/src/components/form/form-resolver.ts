import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The two validation messages the spec has: an empty required field, and anything else that is wrong. */
export type FieldProblem = 'required' | 'invalid';

/** Nothing given, or only spaces (the schemas trim before they check). */
function problemOf(value: unknown): FieldProblem {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? 'required' : 'invalid';
}

const valueAt = (values: unknown, path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), values);

const isFieldError = (node: unknown): node is FieldError => node !== null && typeof node === 'object' && 'type' in node && 'message' in node;

/** Names every error by what the person gave, whatever message the schema carries. */
function nameProblems(errors: FieldErrors, values: unknown, path: string[] = []): void {
  for (const [key, node] of Object.entries(errors)) {
    if (isFieldError(node)) node.message = problemOf(valueAt(values, [...path, key]));
    else if (node !== null && typeof node === 'object') nameProblems(node as FieldErrors, values, [...path, key]);
  }
}

/**
 * Validates a form with the contract's own request schema, so the browser
 * refuses exactly what the server would; each error's message is the
 * problem's name, which the field turns into the spec's text. The problem is
 * read from the value, not from the schema's issue: the contract's text rule
 * words its own messages (for the API), and those win over any error map.
 */
export function formResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    nameProblems(result.errors, values);
    return result;
  };
}
