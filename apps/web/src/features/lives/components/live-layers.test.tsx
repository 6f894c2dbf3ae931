// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { LiveCreateLayer } from './live-create-layer';
import { StreamKeyAddLayer } from './stream-key-add-layer';
import { StreamKeyManageLayer } from './stream-key-manage-layer';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

beforeEach(() => vi.mocked(showToast).mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const key = (kampChannelId: string, title: string, isLive = false) => ({
  id: parseInt(kampChannelId.slice(2), 16),
  kampChannelId,
  channelId: 7,
  title,
  isLive,
  streamKey: `secret-${kampChannelId}`,
  serverUrl: 'rtmp://localhost:1935/live',
  createdAt: '2026-11-20T01:00:00.000Z',
});
const keys = [key('kc00000000000aa1', '메인 스튜디오'), key('kc00000000000bb2', '야외 중계', true)];

const ended = (liveId: number, title: string) => ({
  liveId,
  title,
  thumbnailUrl: `/media/thumbnails/${liveId}.jpg`,
  createdAt: '2026-11-20T01:00:00.000Z',
  status: 'END',
  kampChannelId: 'kc00000000000aa1',
});
const page = <T,>(content: T[]) => ({ content, totalElements: content.length, last: true, number: 0, size: 5, numberOfElements: content.length });
const previousPath = 'GET /api/channels/7/lives?kampChannelId=kc00000000000aa1&status=END&page=0&size=5&sort=createdAt%2CDESC';

/** A promise the test resolves when it wants the server to answer. */
function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}

describe("'Start live broadcast'", () => {
  it('shows step 2 only after a key is chosen, with that key’s 5 newest ended lives at 100x66 crop', async () => {
    const fetchMock = stubFetch({
      'GET /api/channels/7/lives/streams': { body: keys },
      [previousPath]: { body: page([ended(31, '지난 방송 1'), ended(30, '지난 방송 0')]) },
    });
    renderWithProviders(<LiveCreateLayer channelId={7} open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '라이브 방송 시작' });
    await within(dialog).findByRole('radio', { name: '메인 스튜디오' });
    expect(within(dialog).queryByRole('radiogroup', { name: '2. 이전 방송 선택' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => (url as string).includes('status=END'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('radio', { name: '메인 스튜디오' }));
    const step2 = await within(dialog).findByRole('radiogroup', { name: '2. 이전 방송 선택' });
    await within(step2).findByRole('radio', { name: /지난 방송 1/ });
    const thumbnails = step2.querySelectorAll('img');
    expect([...thumbnails].map((img) => img.getAttribute('src'))).toEqual([
      '/media/thumbnails/31-100x66.jpg',
      '/media/thumbnails/30-100x66.jpg',
    ]);
    // "None" is chosen until the creator picks a previous live.
    expect(within(step2).getByRole<HTMLInputElement>('radio', { name: '선택 안 함 (새로 만들기)' }).checked).toBe(true);
  });

  it('keeps confirm disabled until a key is chosen and while submitting, then clones the chosen live and opens its page', async () => {
    const clone = deferred();
    const fetchMock = stubFetch({
      'GET /api/channels/7/lives/streams': { body: keys },
      [previousPath]: { body: page([ended(31, '지난 방송 1')]) },
      'POST /api/channels/7/lives/31/clone': () => clone.promise,
    });
    const { router } = renderWithProviders(<LiveCreateLayer channelId={7} open onOpenChange={() => undefined} />, { path: '/channels/7/videos/lives' });
    const dialog = await screen.findByRole('dialog', { name: '라이브 방송 시작' });
    const confirm = within(dialog).getByRole('button', { name: '확인' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(await within(dialog).findByRole('radio', { name: '메인 스튜디오' }));
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(await within(dialog).findByRole('radio', { name: /지난 방송 1/ }));
    fireEvent.click(confirm);
    await vi.waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(true));
    expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && (url as string).endsWith('/lives/31/clone'))).toBe(true);

    await act(async () => clone.resolve(jsonResponse({ liveId: 32 })));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/studio/channels/7/videos/lives/32'));
  });

  it('creates from the key when no previous live is chosen', async () => {
    const fetchMock = stubFetch({
      'GET /api/channels/7/lives/streams': { body: keys },
      [previousPath]: { body: page([]) },
      'POST /api/channels/7/lives/create?kampChannelId=kc00000000000aa1': { body: { liveId: 40 } },
    });
    const { router } = renderWithProviders(<LiveCreateLayer channelId={7} open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '라이브 방송 시작' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: '메인 스튜디오' }));
    await within(dialog).findByText('이 스트림 키로 종료된 방송이 없습니다.');
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/studio/channels/7/videos/lives/40'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('closes on route change', async () => {
    stubFetch({ 'GET /api/channels/7/lives/streams': { body: keys } });
    const onOpenChange = vi.fn();
    const { router } = renderWithProviders(<LiveCreateLayer channelId={7} open onOpenChange={onOpenChange} />);
    await screen.findByRole('dialog', { name: '라이브 방송 시작' });
    expect(onOpenChange).not.toHaveBeenCalled();
    await act(() => router.navigate('/studio/trend'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe("'Add new stream key'", () => {
  it('strips newlines, ignores input past 20, counts x/20, disables Add for a blank title and sends it trimmed', async () => {
    const fetchMock = stubFetch({
      'POST /api/channels/7/lives/streams?title=%EC%83%88+%ED%82%A4': { body: { kampChannelId: 'kc0000000000ee01' } },
      'GET /api/channels/7/lives/streams': { body: keys },
    });
    const onAdded = vi.fn();
    renderWithProviders(<StreamKeyAddLayer channelId={7} open onOpenChange={() => undefined} onAdded={onAdded} />);
    const dialog = await screen.findByRole('dialog', { name: '새 스트림 키 추가' });
    const input = within(dialog).getByRole<HTMLInputElement>('textbox', { name: '스트림 키 이름' });
    const add = within(dialog).getByRole<HTMLButtonElement>('button', { name: '추가' });
    expect(within(dialog).getByText('0/20')).toBeTruthy();
    expect(add.disabled).toBe(true);

    fireEvent.change(input, { target: { value: '   ' } });
    expect(add.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '가나다라마\n바사아자차카타파하가나다라마바사아자' } });
    expect(input.value).toBe('가나다라마바사아자차카타파하가나다라마바');
    expect(within(dialog).getByText('20/20')).toBeTruthy();

    fireEvent.change(input, { target: { value: '  새 키 ' } });
    expect(within(dialog).getByText('6/20')).toBeTruthy();
    fireEvent.click(add);
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalledWith('kc0000000000ee01'));
    expect(showToast).toHaveBeenCalledWith('스트림 키가 추가되었습니다.');
    expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && (url as string).includes('title=%EC%83%88+%ED%82%A4'))).toBe(true);
  });
});

describe("'Manage stream keys'", () => {
  const threeKeys = [...keys, key('kc00000000000cc3', '서브')];

  it('edits one row at a time: edit on a second row toasts that the edit is not completed', async () => {
    stubFetch({ 'GET /api/channels/7/lives/streams': { body: threeKeys } });
    renderWithProviders(<StreamKeyManageLayer channelId={7} open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '스트림 키 관리' });
    fireEvent.click(await within(dialog).findByRole('button', { name: '수정: 메인 스튜디오' }));
    const input = within(dialog).getByRole('textbox', { name: '메인 스튜디오 이름' });
    // The rename row counts x/20 as the add row does, and past 20 nothing more goes in.
    expect(within(dialog).getByText('7/20')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toBe(within(dialog).getByText('7/20').id);
    fireEvent.change(input, { target: { value: '가'.repeat(25) } });
    expect(within(dialog).getByText('20/20')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '수정: 서브' }));
    expect(showToast).toHaveBeenCalledWith('스트림 키 수정이 완료되지 않았습니다.');
    expect(within(dialog).queryByRole('textbox', { name: '서브 이름' })).toBeNull();
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
  });

  it("shows a live key with the 'on air' suffix and does not let it be renamed", async () => {
    stubFetch({ 'GET /api/channels/7/lives/streams': { body: threeKeys } });
    renderWithProviders(<StreamKeyManageLayer channelId={7} open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '스트림 키 관리' });
    const liveRow = (await within(dialog).findByText('야외 중계')).closest('li')!;
    expect(within(liveRow).getByText('방송 중')).toBeTruthy();
    expect(within(liveRow).getByRole<HTMLButtonElement>('button', { name: '수정: 야외 중계' }).disabled).toBe(true);
  });

  it('sends nothing for an unchanged trimmed title, disables Done for a blank one, and toasts completed or failed', async () => {
    let renames = 0;
    const fetchMock = stubFetch({
      'GET /api/channels/7/lives/streams': { body: threeKeys },
      'PUT /api/channels/7/lives/streams/kc00000000000aa1?title=%EB%B3%B8%EC%8A%A4%ED%8A%9C%EB%94%94%EC%98%A4': () => {
        renames++;
        return renames === 1
          ? jsonResponse({ code: 'STREAM_KEY_ON_AIR', message: '방송 중인 스트림 키는 수정할 수 없습니다.', path: '/', extra: null }, 409)
          : new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<StreamKeyManageLayer channelId={7} open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '스트림 키 관리' });
    const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').length;

    fireEvent.click(await within(dialog).findByRole('button', { name: '수정: 메인 스튜디오' }));
    const input = within(dialog).getByRole('textbox', { name: '메인 스튜디오 이름' });
    const done = () => within(dialog).getByRole<HTMLButtonElement>('button', { name: '완료: 메인 스튜디오' });

    fireEvent.change(input, { target: { value: '  ' } });
    expect(done().disabled).toBe(true);

    fireEvent.change(input, { target: { value: ' 메인 스튜디오 ' } });
    fireEvent.click(done());
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(puts()).toBe(0);

    fireEvent.click(within(dialog).getByRole('button', { name: '수정: 메인 스튜디오' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '메인 스튜디오 이름' }), { target: { value: '본스튜디오 ' } });
    fireEvent.click(done());
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledWith('스트림 키 수정에 실패했습니다.'));
    // A refusal keeps the row in edit, and the shared error toast stays out of it.
    expect(within(dialog).getByRole('textbox', { name: '메인 스튜디오 이름' })).toBeTruthy();
    expect(showToast).toHaveBeenCalledTimes(1);

    fireEvent.click(done());
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledWith('스트림 키 수정이 완료되었습니다.'));
    expect(puts()).toBe(2);
  });
});
