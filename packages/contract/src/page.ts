import { z } from 'zod';
import { PAGE_NUMBER_MAX } from './constants';

/** Spec section 3, "Paged response". `number` is zero-based. */
// Items may be zod/mini schemas (the first load's, docs/decisions/023): any zod schema will do.
export function pageOf<T extends z.core.SomeType>(item: T) {
  return z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    last: z.boolean(),
    number: z.number().int(),
    size: z.number().int(),
    numberOfElements: z.number().int(),
  });
}

/** The paged response's shape, taken from `pageOf` so the two never drift apart. */
export type Page<T> = Omit<z.infer<ReturnType<typeof pageOf>>, 'content'> & { content: T[] };

export const MAX_PAGE_SIZE = 100;

/** Query params arrive as strings; a bad value is a 400, never a silent default. */
export const pageNumber = z.coerce.number().int().min(0).max(PAGE_NUMBER_MAX);
export const pageSize = (fallback: number) => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(fallback);

/**
 * `rows` may hold one row more than the page (asked for with `size + 1`): that row says whether more
 * follow, which a total counted up to a cap cannot say past the cap. Without it, the total decides.
 */
export function toPage<T>(rows: T[], totalElements: number, page: number, size: number): Page<T> {
  const content = rows.slice(0, size);
  return {
    content,
    totalElements,
    number: page,
    size,
    numberOfElements: content.length,
    // A row beyond the page: more follow. A short page: none do. A full page: the total decides.
    last: rows.length > size ? false : rows.length < size || (page + 1) * size >= totalElements,
  };
}
