import { ContentStatus } from '@studio/contract/enums';
import { describe, expect, it } from 'vitest';
import { CONTENT_TRANSITIONS, nextStatus, type ContentTransition } from './content-transitions';

/**
 * The allowed edges, written out by hand from the rules (not derived from the
 * table): every other (transition, status) pair must be refused.
 */
const ALLOWED: [ContentTransition, ContentStatus, ContentStatus][] = [
  ['EDIT', 'DRAFT', 'DRAFT'],
  ['EDIT', 'PUBLIC', 'PUBLIC'],
  ['EDIT', 'HIDDEN', 'HIDDEN'],
  ['EDIT', 'PUBLIC_RESERVATION', 'PUBLIC_RESERVATION'],
  ['EDIT', 'HIDDEN_RESERVATION', 'HIDDEN_RESERVATION'],
  ['EDIT', 'PUBLIC_RESERVATION_ERROR', 'PUBLIC_RESERVATION_ERROR'],
  ['EDIT', 'HIDDEN_RESERVATION_ERROR', 'HIDDEN_RESERVATION_ERROR'],

  ['PUBLISH', 'DRAFT', 'PUBLIC'],
  ['PUBLISH', 'PUBLIC_RESERVATION', 'PUBLIC'],
  ['PUBLISH', 'HIDDEN_RESERVATION', 'PUBLIC'],
  ['PUBLISH', 'PUBLIC_RESERVATION_ERROR', 'PUBLIC'],
  ['PUBLISH', 'HIDDEN_RESERVATION_ERROR', 'PUBLIC'],

  ['RESERVE_PUBLIC', 'DRAFT', 'PUBLIC_RESERVATION'],
  ['RESERVE_PUBLIC', 'PUBLIC_RESERVATION', 'PUBLIC_RESERVATION'],
  ['RESERVE_PUBLIC', 'HIDDEN_RESERVATION', 'PUBLIC_RESERVATION'],
  ['RESERVE_PUBLIC', 'PUBLIC_RESERVATION_ERROR', 'PUBLIC_RESERVATION'],
  ['RESERVE_PUBLIC', 'HIDDEN_RESERVATION_ERROR', 'PUBLIC_RESERVATION'],

  ['RESERVE_HIDDEN', 'DRAFT', 'HIDDEN_RESERVATION'],
  ['RESERVE_HIDDEN', 'PUBLIC_RESERVATION', 'HIDDEN_RESERVATION'],
  ['RESERVE_HIDDEN', 'HIDDEN_RESERVATION', 'HIDDEN_RESERVATION'],
  ['RESERVE_HIDDEN', 'PUBLIC_RESERVATION_ERROR', 'HIDDEN_RESERVATION'],
  ['RESERVE_HIDDEN', 'HIDDEN_RESERVATION_ERROR', 'HIDDEN_RESERVATION'],

  ['CANCEL_RESERVATION', 'PUBLIC_RESERVATION', 'DRAFT'],
  ['CANCEL_RESERVATION', 'HIDDEN_RESERVATION', 'DRAFT'],
  ['CANCEL_RESERVATION', 'PUBLIC_RESERVATION_ERROR', 'DRAFT'],
  ['CANCEL_RESERVATION', 'HIDDEN_RESERVATION_ERROR', 'DRAFT'],

  ['HIDE', 'PUBLIC', 'HIDDEN'],
  ['HIDE', 'DRAFT', 'HIDDEN'],
  ['HIDE', 'PUBLIC_RESERVATION', 'HIDDEN'],
  ['HIDE', 'HIDDEN_RESERVATION', 'HIDDEN'],
  ['HIDE', 'PUBLIC_RESERVATION_ERROR', 'HIDDEN'],
  ['HIDE', 'HIDDEN_RESERVATION_ERROR', 'HIDDEN'],

  ['UNHIDE', 'HIDDEN', 'PUBLIC'],

  ['DELETE', 'DRAFT', 'DELETE'],
  ['DELETE', 'PUBLIC', 'DELETE'],
  ['DELETE', 'HIDDEN', 'DELETE'],
  ['DELETE', 'PUBLIC_RESERVATION', 'DELETE'],
  ['DELETE', 'HIDDEN_RESERVATION', 'DELETE'],
  ['DELETE', 'PUBLIC_RESERVATION_ERROR', 'DELETE'],
  ['DELETE', 'HIDDEN_RESERVATION_ERROR', 'DELETE'],
  ['DELETE', 'PUBLIC_ERROR', 'DELETE'],
  ['DELETE', 'HIDDEN_ERROR', 'DELETE'],
  ['DELETE', 'REPORT_BLIND', 'DELETE'],
  ['DELETE', 'ADULT_IMAGE_BLIND', 'DELETE'],

  ['RESERVATION_DUE', 'PUBLIC_RESERVATION', 'PUBLIC'],
  ['RESERVATION_DUE', 'HIDDEN_RESERVATION', 'HIDDEN'],

  ['RESERVATION_FAILED', 'PUBLIC_RESERVATION', 'PUBLIC_RESERVATION_ERROR'],
  ['RESERVATION_FAILED', 'HIDDEN_RESERVATION', 'HIDDEN_RESERVATION_ERROR'],
];

const transitions = Object.keys(CONTENT_TRANSITIONS) as ContentTransition[];
const every = transitions.flatMap((transition) => ContentStatus.options.map((from) => [transition, from] as const));
const allowed = new Map(ALLOWED.map(([transition, from, to]) => [`${transition} ${from}`, to]));

describe('content status transitions, edge by edge', () => {
  it.each(every)('%s from %s', (transition, from) => {
    expect(nextStatus(transition, from)).toBe(allowed.get(`${transition} ${from}`) ?? null);
  });

  it('lists each allowed edge once', () => {
    expect(allowed.size).toBe(ALLOWED.length);
  });

  it('never leaves a status set by others (reports, the operator, processing) except by deleting', () => {
    const foreign: ContentStatus[] = ['REPORT_BLIND', 'REPORT_DELETE', 'ADULT_IMAGE_BLIND', 'IN_PROCESSING', 'STOP', 'PUBLIC_ERROR', 'HIDDEN_ERROR'];
    for (const transition of transitions.filter((t) => t !== 'DELETE')) {
      for (const from of foreign) expect(nextStatus(transition, from)).toBeNull();
    }
  });

  it('never leaves DELETE', () => {
    for (const transition of transitions) expect(nextStatus(transition, 'DELETE')).toBeNull();
  });
});
