// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentSummary } from '@studio/contract/content';
import type { ContentStatus } from '@studio/contract/enums';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { ChannelContents } from './channel-contents';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function row(id: number, status: ContentStatus, title: string): ContentSummary {
  const at = '2026-11-20T03:00:00.000Z';
  return { id, title, kind: 'POST', status, viewCount: 0, thumbnailUrl: null, createdAt: at, version: 1, updatedAt: at, reservedAt: null, publishedAt: null, videoUrl: null, durationSeconds: null, liveId: null };
}

describe('the content list’s link to the public site', () => {
  it('is on PUBLIC rows only, and opens the public page in a new tab', async () => {
    const rows = [row(1, 'PUBLIC', '공개 글'), row(2, 'HIDDEN', '숨긴 글'), row(3, 'DRAFT', '초안'), row(4, 'PUBLIC_RESERVATION', '예약 글'), row(5, 'REPORT_BLIND', '가려진 글')];
    stubFetch({ 'GET /api/channels/7/contents?page=0&size=10': { body: { content: rows, totalElements: 5, last: true, number: 0, size: 10, numberOfElements: 5 } } });
    renderWithProviders(<ChannelContents channelId={7} />, { path: '/channels/7' });

    const list = await screen.findByRole('list', { name: '콘텐츠' });
    const links = within(list).getAllByRole('link', { name: /사이트에서 보기/ });
    expect(links).toHaveLength(1);
    const [link] = links;
    // The visible text leads the name (WCAG 2.5.3: voice control says what it sees).
    expect(link?.getAttribute('aria-label')).toBe('사이트에서 보기: 공개 글 (새 탭)');
    expect(link?.textContent).toBe('사이트에서 보기');
    expect(link?.getAttribute('href')).toBe('/c/7/1');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener');
  });
});
