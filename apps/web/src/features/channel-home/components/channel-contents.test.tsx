// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
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

const LIST = 'GET /api/channels/7/contents?sort=NEWEST&page=0&size=10';
const page = (rows: ContentSummary[]) => ({ content: rows, totalElements: rows.length, last: true, number: 0, size: 10, numberOfElements: rows.length, nextCursor: null, prevCursor: null });

describe('the empty list', () => {
  it('invites creating only while the channel offers a create option (issue 25)', async () => {
    stubFetch({ [LIST]: { body: page([]) } });
    renderWithProviders(<ChannelContents channelId={7} />, { path: '/channels/7' });
    expect(await screen.findByText('위의 만들기 메뉴에서 첫 콘텐츠를 만들어 보세요.')).toBeTruthy();
    cleanup();

    stubFetch({ [LIST]: { body: page([]) } });
    renderWithProviders(<ChannelContents channelId={7} canCreate={false} />, { path: '/channels/7' });
    expect(await screen.findByText('이 채널은 지금 새 콘텐츠를 만들 수 없습니다.')).toBeTruthy();
    expect(screen.queryByText('위의 만들기 메뉴에서 첫 콘텐츠를 만들어 보세요.')).toBeNull();
  });
});

describe('a row’s view count', () => {
  it('is shortened on a replay (LIVE) row as on every other row, the full count in its title', async () => {
    const post = { ...row(1, 'PUBLIC', '공개 글'), viewCount: 1_234 };
    const replay: ContentSummary = {
      ...row(2, 'PUBLIC', '아침 방송 다시 보기'),
      kind: 'LIVE',
      viewCount: 1_250,
      videoUrl: '/live/31/index.m3u8',
      durationSeconds: 754,
      liveId: 31,
    };
    const popular: ContentSummary = { ...replay, id: 3, title: '저녁 방송 다시 보기', viewCount: 152_345, videoUrl: '/live/32/index.m3u8', liveId: 32 };
    stubFetch({ [LIST]: { body: page([post, replay, popular]) } });
    renderWithProviders(<ChannelContents channelId={7} />, { path: '/channels/7' });
    const list = await screen.findByRole('list', { name: '콘텐츠' });
    const rowOf = (title: string) => within(list).getByRole('link', { name: title }).closest('li')!;
    const viewsOf = (title: string) => within(rowOf(title)).getByText('조회수').parentElement!;

    expect(within(rowOf('아침 방송 다시 보기')).getByText('라이브')).toBeTruthy();
    expect([viewsOf('공개 글').textContent, viewsOf('공개 글').getAttribute('title')]).toEqual(['조회수 1.2천', '1,234']);
    expect([viewsOf('아침 방송 다시 보기').textContent, viewsOf('아침 방송 다시 보기').getAttribute('title')]).toEqual(['조회수 1.2천', '1,250']);
    expect([viewsOf('저녁 방송 다시 보기').textContent, viewsOf('저녁 방송 다시 보기').getAttribute('title')]).toEqual(['조회수 15.2만', '152,345']);
  });
});

describe('the content list’s link to the public site', () => {
  it('is on PUBLIC rows only, and opens the public page in a new tab', async () => {
    const rows = [row(1, 'PUBLIC', '공개 글'), row(2, 'HIDDEN', '숨긴 글'), row(3, 'DRAFT', '초안'), row(4, 'PUBLIC_RESERVATION', '예약 글'), row(5, 'REPORT_BLIND', '가려진 글')];
    stubFetch({ [LIST]: { body: page(rows) } });
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

describe('selecting rows for a bulk change', () => {
  it('selects the page, asks once, and names each row that failed with its reason', async () => {
    const rows = [row(1, 'PUBLIC', '공개 글'), row(2, 'REPORT_BLIND', '가려진 글'), row(3, 'HIDDEN', '숨긴 글')];
    const fetchMock = stubFetch({
      [LIST]: { body: page(rows) },
      'POST /api/channels/7/contents/bulk': {
        body: {
          results: [
            { id: 1, outcome: 'CHANGED', code: null, status: 'HIDDEN' },
            { id: 2, outcome: 'FAILED', code: 'CONTENT_STATUS_CONFLICT', status: 'REPORT_BLIND' },
            { id: 3, outcome: 'UNCHANGED', code: null, status: 'HIDDEN' },
          ],
        },
      },
    });
    renderWithProviders(<ChannelContents channelId={7} />, { path: '/channels/7' });
    await screen.findByRole('list', { name: '콘텐츠' });
    const all = screen.getByRole('checkbox', { name: '이 페이지 모두 선택' });
    // A native checkbox: space toggles it from the keyboard (a click is what the browser makes of it).
    fireEvent.click(all);
    // The bar loads with the first selection (a chunk of its own).
    expect(await screen.findByText('3개 선택됨')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '숨긴 글 선택' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '숨긴 글 선택' }));
    fireEvent.click(within(screen.getByRole('region', { name: '선택한 콘텐츠 관리' })).getByRole('button', { name: '비공개로 전환' }));
    const dialog = await screen.findByRole('dialog', { name: '3개를 비공개로 전환할까요?' });
    fireEvent.click(within(dialog).getByRole('button', { name: '비공개로 전환' }));
    const result = await screen.findByRole('alertdialog', { name: '1개는 처리하지 못했습니다.' });
    expect(result.textContent).toContain('가려진 글');
    expect(result.textContent).toContain('‘신고로 가려짐’ 상태에서는 할 수 없습니다.');
    const bulkCall = fetchMock.mock.calls.find(([input]) => typeof input === 'string' && input.includes('/bulk'));
    expect(JSON.parse(bulkCall?.[1]?.body as string)).toEqual({ action: 'HIDE', items: [1, 2, 3].map((id) => ({ id, version: 1 })) });
  });
});
