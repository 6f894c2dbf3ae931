// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@studio/contract/operator';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { OperatorAuditPage } from './audit-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (id: number, fields: Partial<AuditEntry>): AuditEntry => ({
  id,
  operator: { userId: 1, login: 'op', name: '운영자' },
  action: 'CHANNEL_STATUS_CHANGE',
  objectType: 'CHANNEL',
  objectId: '12',
  objectName: null,
  before: null,
  after: null,
  at: '2026-11-22T03:00:00.000Z',
  ...fields,
});

const page = (content: AuditEntry[]) => ({ content, totalElements: content.length, last: true, number: 0, size: 20, numberOfElements: content.length });

describe('the operator audit log', () => {
  it('names a channel and a notice by their names, with only a muted #id beside them; an object without a name by its kind and id', async () => {
    stubFetch({
      'GET /api/operator/audit?page=0&size=20': {
        body: page([
          entry(3, { objectName: 'Studio Daily' }),
          entry(2, { action: 'NOTICE_UPDATE', objectType: 'NOTICE', objectId: '5', objectName: '점검 안내' }),
          entry(1, { action: 'CHANNEL_CREATE', objectId: '13', objectName: null }),
        ]),
      },
    });
    renderWithProviders(<OperatorAuditPage />);
    const [channel, notice, unnamed] = await screen.findAllByRole('listitem');
    if (!channel || !notice || !unnamed) throw new Error('three entries expected');

    expect(within(channel).getByText('Studio Daily')).toBeTruthy();
    expect(within(channel).getByText('#12').className).toMatch(/meta/);
    expect(channel.textContent).not.toContain('채널 #12');

    expect(within(notice).getByText('점검 안내')).toBeTruthy();
    expect(within(notice).getByText('#5')).toBeTruthy();
    expect(notice.textContent).not.toContain('공지 #5');

    expect(within(unnamed).getByText('채널 #13')).toBeTruthy();
  });
});
