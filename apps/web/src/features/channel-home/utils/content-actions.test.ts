import { describe, expect, it } from 'vitest';
import { contentRowActions } from './content-actions';

describe('content row actions', () => {
  it('offers edit only for articles, and the status changes the transition table allows', () => {
    expect(contentRowActions({ kind: 'CONTENT_VIEW', status: 'DRAFT' })).toEqual(['EDIT', 'PREVIEW', 'DELETE']);
    expect(contentRowActions({ kind: 'CONTENT_VIEW', status: 'PUBLIC' })).toEqual(['EDIT', 'PREVIEW', 'HIDE', 'DELETE']);
    expect(contentRowActions({ kind: 'POST', status: 'HIDDEN' })).toEqual(['PREVIEW', 'UNHIDE', 'DELETE']);
    expect(contentRowActions({ kind: 'CONTENT_VIEW', status: 'PUBLIC_RESERVATION' })).toEqual(['EDIT', 'PREVIEW', 'HIDE', 'CANCEL_RESERVATION', 'DELETE']);
    expect(contentRowActions({ kind: 'POST', status: 'PUBLIC_RESERVATION_ERROR' })).toEqual(['PREVIEW', 'HIDE', 'CANCEL_RESERVATION', 'DELETE']);
  });

  it('leaves what others decided alone', () => {
    expect(contentRowActions({ kind: 'SHORTS', status: 'IN_PROCESSING' })).toEqual([]);
    expect(contentRowActions({ kind: 'CONTENT_VIEW', status: 'STOP' })).toEqual(['PREVIEW']);
    expect(contentRowActions({ kind: 'SHORTS', status: 'REPORT_BLIND' })).toEqual(['DELETE']);
    expect(contentRowActions({ kind: 'CONTENT_VIEW', status: 'DELETE' })).toEqual([]);
  });
});
