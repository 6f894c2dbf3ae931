// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Loop } from '@studio/contract/loop';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { loopDraftKey } from '../utils/loop-draft';
import { LoopPanel } from './loop-panel';
import { UploadedLoops } from './uploaded-loops';

/** Issue 25, point 3: a stuck loop offers retry and delete; failed uploads are told apart by file name and title. */

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const ID_A = '00000000-0000-4000-8000-00000000000a';
const ID_B = '00000000-0000-4000-8000-00000000000b';

function loop(overrides: Partial<Loop> = {}): Loop {
  const at = '2026-11-20T03:00:00.000Z';
  return {
    id: ID_A,
    channelId: 7,
    status: 'RESERVED',
    progress: 0,
    errorCode: null,
    uploadedBytes: 1000,
    totalBytes: 1000,
    durationSeconds: null,
    width: null,
    height: null,
    videoUrl: null,
    thumbnails: [],
    thumbnailIndex: null,
    contentId: null,
    stuck: false,
    fileName: 'clip.mp4',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

describe('"올린 루프"', () => {
  it('tells two failed uploads apart by file name and the title written for them, and names a stuck one', async () => {
    localStorage.setItem(loopDraftKey(ID_A), JSON.stringify({ title: '바다 브이로그', description: '' }));
    const opened: string[] = [];
    renderWithProviders(
      <UploadedLoops
        loops={[loop({ id: ID_A, status: 'ERROR', errorCode: 'LOOP_NOT_VIDEO', fileName: '여름 바다.mp4' }), loop({ id: ID_B, status: 'RESERVED', stuck: true, fileName: '여름 산.mov' })]}
        onOpen={(id) => opened.push(id)}
      />,
    );
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('여름 바다.mp4')).toBeTruthy();
    expect(within(rows[0]!).getByText('제목: 바다 브이로그')).toBeTruthy();
    expect(within(rows[0]!).getByText(/처리하지 못했습니다: /)).toBeTruthy();
    // The error texts load on demand (no part of the first load): the row words its code once they are in.
    expect(await within(rows[0]!).findByText(/처리하지 못했습니다: 동영상 파일이 아니거나 영상이 없는 파일입니다\./)).toBeTruthy();
    expect(within(rows[1]!).getByText('여름 산.mov')).toBeTruthy();
    expect(within(rows[1]!).getByText('제목 없음')).toBeTruthy();
    expect(within(rows[1]!).getByText(/처리가 멈췄습니다/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '여름 산.mov 열기' }));
    expect(opened).toEqual([ID_B]);
  });
});

describe('a stuck loop', () => {
  it('says processing stalled, offers retry and delete instead of stop, and retries', async () => {
    const stuck = loop({ stuck: true });
    const fetchMock = stubFetch({
      [`GET /api/channels/7/loops/${ID_A}`]: { body: stuck },
      [`POST /api/channels/7/loops/${ID_A}/retry`]: { body: loop({ stuck: false }) },
      'GET /api/channels/7/loops': { body: { content: [] } },
    });
    renderWithProviders(<LoopPanel channelId={7} loopId={ID_A} onGone={() => undefined} />);
    expect(await screen.findByText('이 영상의 처리 작업이 끊겨 더 진행되지 않습니다. 다시 처리하거나 삭제해 주세요.')).toBeTruthy();
    expect(within(screen.getByRole('status')).getByText(/처리가 멈췄습니다/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '처리 중지' })).toBeNull();
    expect(screen.getByRole('button', { name: '삭제' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '다시 처리' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining(`/loops/${ID_A}/retry`), expect.objectContaining({ method: 'POST' })));
    // Queued again: waiting for its job, with stop offered again.
    expect(await screen.findByRole('button', { name: '처리 중지' })).toBeTruthy();
  });

  it('a loop whose job lives reads as waiting, with stop and no retry', async () => {
    stubFetch({ [`GET /api/channels/7/loops/${ID_A}`]: { body: loop() } });
    renderWithProviders(<LoopPanel channelId={7} loopId={ID_A} onGone={() => undefined} />);
    expect(await screen.findByRole('button', { name: '처리 중지' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '다시 처리' })).toBeNull();
    expect(screen.queryByText(/처리가 멈췄습니다/)).toBeNull();
  });
});
