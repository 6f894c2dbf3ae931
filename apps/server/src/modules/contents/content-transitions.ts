import type { ContentStatus } from '@studio/contract/enums';

/**
 * Every change of a content's status, in one table: for each action, the
 * statuses it may start from and the status it leads to. Anything not listed
 * is refused (409 CONTENT_STATUS_CONFLICT). Statuses set by others (reports,
 * the operator's STOP, video processing) are left alone: a person can only
 * delete such a content, or nothing at all.
 *
 * - EDIT keeps the status (a published content can be corrected).
 * - RESERVE_* also moves an existing reservation, and retries a failed one.
 * - RESERVATION_DUE and RESERVATION_FAILED are the reservation job's own moves.
 */
export const CONTENT_TRANSITIONS = {
  EDIT: {
    DRAFT: 'DRAFT',
    PUBLIC: 'PUBLIC',
    HIDDEN: 'HIDDEN',
    PUBLIC_RESERVATION: 'PUBLIC_RESERVATION',
    HIDDEN_RESERVATION: 'HIDDEN_RESERVATION',
    PUBLIC_RESERVATION_ERROR: 'PUBLIC_RESERVATION_ERROR',
    HIDDEN_RESERVATION_ERROR: 'HIDDEN_RESERVATION_ERROR',
  },
  PUBLISH: {
    DRAFT: 'PUBLIC',
    PUBLIC_RESERVATION: 'PUBLIC',
    HIDDEN_RESERVATION: 'PUBLIC',
    PUBLIC_RESERVATION_ERROR: 'PUBLIC',
    HIDDEN_RESERVATION_ERROR: 'PUBLIC',
  },
  RESERVE_PUBLIC: {
    DRAFT: 'PUBLIC_RESERVATION',
    PUBLIC_RESERVATION: 'PUBLIC_RESERVATION',
    HIDDEN_RESERVATION: 'PUBLIC_RESERVATION',
    PUBLIC_RESERVATION_ERROR: 'PUBLIC_RESERVATION',
    HIDDEN_RESERVATION_ERROR: 'PUBLIC_RESERVATION',
  },
  RESERVE_HIDDEN: {
    DRAFT: 'HIDDEN_RESERVATION',
    PUBLIC_RESERVATION: 'HIDDEN_RESERVATION',
    HIDDEN_RESERVATION: 'HIDDEN_RESERVATION',
    PUBLIC_RESERVATION_ERROR: 'HIDDEN_RESERVATION',
    HIDDEN_RESERVATION_ERROR: 'HIDDEN_RESERVATION',
  },
  CANCEL_RESERVATION: {
    PUBLIC_RESERVATION: 'DRAFT',
    HIDDEN_RESERVATION: 'DRAFT',
    PUBLIC_RESERVATION_ERROR: 'DRAFT',
    HIDDEN_RESERVATION_ERROR: 'DRAFT',
  },
  HIDE: {
    PUBLIC: 'HIDDEN',
    DRAFT: 'HIDDEN',
    PUBLIC_RESERVATION: 'HIDDEN',
    HIDDEN_RESERVATION: 'HIDDEN',
    PUBLIC_RESERVATION_ERROR: 'HIDDEN',
    HIDDEN_RESERVATION_ERROR: 'HIDDEN',
  },
  UNHIDE: {
    HIDDEN: 'PUBLIC',
  },
  DELETE: {
    DRAFT: 'DELETE',
    PUBLIC: 'DELETE',
    HIDDEN: 'DELETE',
    PUBLIC_RESERVATION: 'DELETE',
    HIDDEN_RESERVATION: 'DELETE',
    PUBLIC_RESERVATION_ERROR: 'DELETE',
    HIDDEN_RESERVATION_ERROR: 'DELETE',
    PUBLIC_ERROR: 'DELETE',
    HIDDEN_ERROR: 'DELETE',
    REPORT_BLIND: 'DELETE',
    ADULT_IMAGE_BLIND: 'DELETE',
  },
  RESERVATION_DUE: {
    PUBLIC_RESERVATION: 'PUBLIC',
    HIDDEN_RESERVATION: 'HIDDEN',
  },
  RESERVATION_FAILED: {
    PUBLIC_RESERVATION: 'PUBLIC_RESERVATION_ERROR',
    HIDDEN_RESERVATION: 'HIDDEN_RESERVATION_ERROR',
  },
} as const satisfies Record<string, Partial<Record<ContentStatus, ContentStatus>>>;

export type ContentTransition = keyof typeof CONTENT_TRANSITIONS;

/** The status `transition` leads to from `from`, or null when the table does not allow it. */
export function nextStatus(transition: ContentTransition, from: ContentStatus): ContentStatus | null {
  const edges: Partial<Record<ContentStatus, ContentStatus>> = CONTENT_TRANSITIONS[transition];
  return edges[from] ?? null;
}

/** The statuses a transition may start from (for conditional updates and the job's check). */
export function statusesAllowing(transition: ContentTransition): ContentStatus[] {
  return Object.keys(CONTENT_TRANSITIONS[transition]) as ContentStatus[];
}

/** Statuses holding a reservation that the job will act on. */
export const PENDING_RESERVATION_STATUSES = statusesAllowing('RESERVATION_DUE');

/** A status whose reservation (pending or failed) is still shown and kept. */
export function keepsReservation(status: ContentStatus): boolean {
  return status === 'PUBLIC_RESERVATION' || status === 'HIDDEN_RESERVATION' || status === 'PUBLIC_RESERVATION_ERROR' || status === 'HIDDEN_RESERVATION_ERROR';
}
