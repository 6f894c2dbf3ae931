// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { InviteSection } from './invite-section';
import { OwnershipTransfer } from './ownership-transfer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const refusal = (code: string, message: string) => ({ code, message, path: '/api/channels/7/invites', extra: null });

/** The field's error is announced and tied to the field, so a screen reader reads it with the field. */
function expectFieldError(field: HTMLElement, text: string) {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const describedBy = field.getAttribute('aria-describedby');
  expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(text);
}

describe('the invite form', () => {
  it("refuses an empty or blank login with the spec's required text, without calling the server", async () => {
    const fetchMock = stubFetch({ 'GET /api/channels/7/invites': { body: [] } });
    renderWithProviders(<InviteSection channelId={7} />);
    const login = await screen.findByRole('textbox', { name: '아이디' });

    fireEvent.click(screen.getByRole('button', { name: '초대하기' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expectFieldError(login, '필수 입력 정보입니다.');

    fireEvent.change(login, { target: { value: '   ' } });
    fireEvent.submit(login.closest('form')!);
    await vi.waitFor(() => expectFieldError(login, '필수 입력 정보입니다.'));
    expect(fetchMock).not.toHaveBeenCalledWith('/api/channels/7/invites', expect.objectContaining({ method: 'POST' }));
  });

  it('sends the trimmed login and the chosen role, and shows a refusal under the field until the login changes', async () => {
    const fetchMock = stubFetch({
      'GET /api/channels/7/invites': { body: [] },
      'POST /api/channels/7/invites': () => jsonResponse(refusal('ACCOUNT_NOT_FOUND', '해당 아이디의 계정을 찾을 수 없습니다.'), 400),
    });
    renderWithProviders(<InviteSection channelId={7} />);
    const login = await screen.findByRole('textbox', { name: '아이디' });
    fireEvent.change(login, { target: { value: '  ghost ' } });
    fireEvent.change(screen.getByRole('combobox', { name: '역할' }), { target: { value: 'CREDIT_MANAGER' } });
    // Enter in the field submits: the form works from the keyboard.
    fireEvent.submit(login.closest('form')!);

    await vi.waitFor(() => expectFieldError(login, '해당 아이디의 계정을 찾을 수 없습니다.'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ login: 'ghost', role: 'CREDIT_MANAGER' });

    fireEvent.change(login, { target: { value: 'newbie' } });
    await vi.waitFor(() => expect(login.getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the transfer form', () => {
  it('asks for a login before it asks for confirmation', async () => {
    stubFetch({ 'GET /api/channels/7/transfers': { body: [] } });
    renderWithProviders(<OwnershipTransfer channelId={7} />);
    const login = await screen.findByRole('textbox', { name: '받을 사람 아이디' });
    fireEvent.click(screen.getByRole('button', { name: '소유권 이전 요청' }));
    await vi.waitFor(() => expectFieldError(login, '필수 입력 정보입니다.'));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(login, { target: { value: 'newbie' } });
    fireEvent.click(screen.getByRole('button', { name: '소유권 이전 요청' }));
    expect(await screen.findByRole('dialog', { name: 'newbie 님에게 소유권 이전을 요청할까요?' })).toBeTruthy();
  });
});
