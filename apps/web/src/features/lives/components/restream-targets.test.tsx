// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveDetail } from '@studio/contract/live';
import { MAX_RESTREAM_TARGETS_PER_KEY, type RestreamTarget } from '@studio/contract/restream';
import { showToast } from '../../../lib/toast';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { RestreamTargets } from './restream-targets';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

beforeEach(() => vi.mocked(showToast).mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const path = '/api/channels/7/lives/streams/kc00000000000aa1/restream-targets';
const live = (status: LiveDetail['status']): LiveDetail => ({
  liveId: 31,
  title: '아침 방송',
  thumbnailUrl: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  status,
  kampChannelId: 'kc00000000000aa1',
  channelId: 7,
  description: '',
  streamKeyTitle: '메인 스튜디오',
  startedAt: null,
  endedAt: null,
});
const target = (id: number, url: string, forwarding: RestreamTarget['forwarding'] = null): RestreamTarget => ({
  id,
  kampChannelId: 'kc00000000000aa1',
  url,
  keyHint: '••••ab12',
  createdAt: '2026-11-20T01:00:00.000Z',
  updatedAt: '2026-11-20T01:00:00.000Z',
  forwarding,
});

describe('restream targets on the live page', () => {
  it('shows each target masked, with its state and the reason it fails while on air', async () => {
    stubFetch({
      [`GET ${path}`]: {
        body: [
          target(1, 'rtmp://a.rtmp.youtube.com/live2', { state: 'LIVE', reason: null, failures: 0, retryAt: null, since: '2026-11-20T01:00:00.000Z' }),
          target(2, 'rtmp://live.example.com/app', { state: 'FAILING', reason: 'CONNECTION_REFUSED', failures: 2, retryAt: '2026-11-20T01:00:04.000Z', since: '2026-11-20T01:00:00.000Z' }),
          target(3, 'rtmps://gone.example.com:443/app', { state: 'STOPPED', reason: 'HOST_NOT_FOUND', failures: 10, retryAt: null, since: '2026-11-20T01:00:00.000Z' }),
        ],
      },
    });
    renderWithProviders(<RestreamTargets live={live('START')} />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('송출 중')).toBeTruthy();
    expect(within(rows[0]!).getByText('저장된 키 ••••ab12')).toBeTruthy();
    expect(within(rows[1]!).getByText('실패')).toBeTruthy();
    expect(within(rows[1]!).getByRole('status').textContent).toContain('서버가 연결을 거부했습니다.');
    // Its retry time has passed (the fixture's): the row says it is reconnecting, not a clock time.
    expect(within(rows[1]!).getByRole('status').textContent).toContain('다시 연결하고 있습니다.');
    expect(within(rows[2]!).getByText('중단됨')).toBeTruthy();
    expect(within(rows[2]!).getByRole('status').textContent).toContain('10번 연속 실패해');
    // Full: no add button, the limit said instead.
    expect(screen.queryByRole('button', { name: '재전송 대상 추가' })).toBeNull();
    expect(screen.getByText(`스트림 키마다 최대 ${MAX_RESTREAM_TARGETS_PER_KEY}개까지 추가할 수 있습니다.`)).toBeTruthy();
  });

  it('counts down to the next attempt of a failing target', async () => {
    const retryAt = new Date(Date.now() + 8_500).toISOString();
    stubFetch({ [`GET ${path}`]: { body: [target(2, 'rtmp://live.example.com/app', { state: 'FAILING', reason: 'CONNECTION_REFUSED', failures: 1, retryAt, since: '2026-11-20T01:00:00.000Z' })] } });
    renderWithProviders(<RestreamTargets live={live('START')} />);
    const [row] = await screen.findAllByRole('listitem');
    expect(within(row!).getByRole('status').textContent).toMatch(/[89]초 뒤에 다시 연결합니다\./);
  });

  it("checks the address and key with the contract's rules before sending, then adds the target", async () => {
    const fetchMock = stubFetch({
      [`GET ${path}`]: { body: [] },
      [`POST ${path}`]: { status: 201, body: target(4, 'rtmp://a.rtmp.youtube.com/live2') },
    });
    renderWithProviders(<RestreamTargets live={live('READY')} />);
    fireEvent.click(await screen.findByRole('button', { name: '재전송 대상 추가' }));
    const url = screen.getByLabelText('서버 주소');
    const key = screen.getByLabelText('스트림 키');
    expect(key.getAttribute('type')).toBe('password');
    fireEvent.change(url, { target: { value: 'rtmp://user:pw@a.rtmp.youtube.com/live2' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('주소에 아이디나 비밀번호를 넣지 마세요. 키는 스트림 키 칸에 넣습니다.')).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('스트림 키를 입력하세요.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(url, { target: { value: 'rtmp://a.rtmp.youtube.com/live2' } });
    fireEvent.change(key, { target: { value: 'abcd-efgh-ijkl-ab12' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledWith('재전송 대상을 추가했습니다.'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ url: 'rtmp://a.rtmp.youtube.com/live2', key: 'abcd-efgh-ijkl-ab12' });
  });

  it('edits the address keeping the saved key when the key is left empty, and removes after a confirmation', async () => {
    const fetchMock = stubFetch({
      [`GET ${path}`]: { body: [target(1, 'rtmp://a.rtmp.youtube.com/live2')] },
      [`PUT ${path}/1`]: { body: target(1, 'rtmp://b.rtmp.youtube.com/live2') },
      [`DELETE ${path}/1`]: { status: 204 },
    });
    renderWithProviders(<RestreamTargets live={live('READY')} />);
    expect(await screen.findByText('방송을 시작하면 보내기 시작합니다.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'rtmp://a.rtmp.youtube.com/live2 수정' }));
    expect(screen.getByText('비워 두면 저장된 키(••••ab12)를 그대로 씁니다.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('서버 주소'), { target: { value: 'rtmp://b.rtmp.youtube.com/live2' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledWith('재전송 대상을 수정했습니다.'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ url: 'rtmp://b.rtmp.youtube.com/live2' });

    fireEvent.click(await screen.findByRole('button', { name: 'rtmp://a.rtmp.youtube.com/live2 삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '재전송 대상을 삭제할까요?' });
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledWith('재전송 대상을 삭제했습니다.'));
    expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && (url as string).endsWith('/restream-targets/1'))).toBe(true);
  });
});
