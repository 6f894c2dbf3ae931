// No zod here: what the channel home's first load needs of content.ts at run time (docs/decisions/057).
import { SEARCH_TEXT_MAX } from './constants';
import { oneOf } from './enum-values';

/**
 * The orders of a channel's contents list (issue 25, point 2): by the date the list shows
 * (created_at), newest or oldest first, or by views, most first; ties broken by id in the same
 * direction, so every order is total and keyset paging neither repeats nor skips a row.
 */
export const CONTENT_SORT_VALUES = ['NEWEST', 'OLDEST', 'MOST_VIEWED'] as const;
export type ContentSort = (typeof CONTENT_SORT_VALUES)[number];

/** The longest title search (a title is at most CONTENT_TITLE_MAX; a search is a part of one). */
export const CONTENT_SEARCH_MAX = SEARCH_TEXT_MAX;
/** A list's total is counted up to this many rows and no further (the answer says "10,000+"). */
export const CONTENT_COUNT_CAP = 10_000;

/**
 * Where a page of the list starts: the sort it belongs to, the sort value of the row it is next to
 * (a date exactly as stored, to the microsecond, or a view count) and that row's id. Opaque to the
 * browser (base64url of JSON); a cursor of another sort, or one that does not decode, is a 400.
 */
export type ContentCursor = { sort: ContentSort; value: string; id: number };

export const CURSOR_MAX = 200;
const cursorValue = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z|\d{1,18})$/;

export function encodeContentCursor(cursor: ContentCursor): string {
  const json = JSON.stringify([cursor.sort, cursor.value, cursor.id]);
  return btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeContentCursor(text: string): ContentCursor | null {
  try {
    const parsed: unknown = JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [sort, value, id] = parsed as unknown[];
    if (!oneOf(CONTENT_SORT_VALUES, sort) || typeof value !== 'string' || !cursorValue.test(value) || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return null;
    if ((sort === 'MOST_VIEWED') !== /^\d+$/.test(value)) return null;
    return { sort, value, id };
  } catch {
    return null;
  }
}

/** What several selected rows can be made at once (issue 25, point 2). */
export const BULK_CONTENT_ACTION_VALUES = ['HIDE', 'UNHIDE', 'DELETE'] as const;
