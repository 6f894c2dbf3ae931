// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InviteDetail, TransferDetail } from '@studio/contract/member';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import type { InvitationTarget } from '../api/invitation-target';
import { AlarmInvitationPopup } from './alarm-invitation-popup';
import { InvitationPopup } from './invitation-popup';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const managerInvite: InviteDetail = {
  ownerProfileImageUrl: null,
  ownerProfileName: '김크리에이터',
  channelName: 'Studio Daily',
  channelManagementType: 'MANAGER',
};
const ownerlessInvite: InviteDetail = { ownerProfileImageUrl: null, ownerProfileName: null, channelName: 'Harbor Radio', channelManagementType: 'OWNER' };
const transfer: TransferDetail = { oldOwnerProfileImageUrl: null, oldOwnerProfileName: '김크리에이터', channelName: 'Cooking Notes' };

function CurrentLocation() {
  const { pathname, hash } = useLocation();
  return <output aria-label="current location">{pathname + hash}</output>;
}

function renderPopup(target: InvitationTarget, props: { onClose?: () => void; onChanged?: () => void; onErrorConfirm?: () => void } = {}) {
  const handlers = { onClose: props.onClose ?? vi.fn(), onChanged: props.onChanged ?? vi.fn(), onErrorConfirm: props.onErrorConfirm };
  renderWithProviders(
    <>
      <InvitationPopup target={target} {...handlers} />
      <CurrentLocation />
    </>,
  );
  return handlers;
}

const dialog = (name: string) => screen.findByRole('dialog', { name });
const alert = (name: string) => screen.findByRole('alertdialog', { name });

describe('InvitationPopup', () => {
  it("titles a MANAGER invite 'manager permission accept' and shows the owner and the channel", async () => {
    stubFetch({ 'GET /api/my/invites/5': { body: managerInvite } });
    renderPopup({ kind: 'INVITE', id: 5 });
    const popup = await dialog('매니저 권한 수락');
    expect(within(popup).getByText('김크리에이터')).toBeTruthy();
    expect(within(popup).getByText('Studio Daily')).toBeTruthy();
    expect(within(popup).getByRole('button', { name: '수락' })).toBeTruthy();
    expect(within(popup).getByRole('button', { name: '거절' })).toBeTruthy();
  });

  it("titles an OWNER invite 'owner permission accept' and says there is no current owner when there is none", async () => {
    stubFetch({ 'GET /api/my/invites/6': { body: ownerlessInvite } });
    renderPopup({ kind: 'INVITE', id: 6 });
    const popup = await dialog('소유자 권한 수락');
    expect(within(popup).getByText('현재 소유자가 없습니다.')).toBeTruthy();
    expect(within(popup).getByText('Harbor Radio')).toBeTruthy();
  });

  it("titles a transfer 'owner permission accept' with the old owner, and warns before declining it", async () => {
    const fetchMock = stubFetch({ 'GET /api/my/transfer/7': { body: transfer }, 'DELETE /api/my/transfer/7': { status: 204 } });
    const { onClose, onChanged } = renderPopup({ kind: 'TRANSFER', id: 7 });
    const popup = await dialog('소유자 권한 수락');
    expect(within(popup).getByText('김크리에이터')).toBeTruthy();
    expect(within(popup).getByText('Cooking Notes')).toBeTruthy();

    fireEvent.click(within(popup).getByRole('button', { name: '거절' }));
    const confirm = await alert('정말 소유권 이전을 거절하시겠습니까?');
    expect(within(confirm).getByText('거절하면 이 요청 페이지를 통한 권한 이전은 더 이상 할 수 없습니다.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '예' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith('/api/my/transfer/7', expect.objectContaining({ method: 'DELETE' }));
  });

  it("keeps the invite when 'No' is chosen in the decline confirmation", async () => {
    const fetchMock = stubFetch({ 'GET /api/my/invites/5': { body: managerInvite } });
    const { onClose } = renderPopup({ kind: 'INVITE', id: 5 });
    fireEvent.click(within(await dialog('매니저 권한 수락')).getByRole('button', { name: '거절' }));
    const confirm = await alert('정말 초대를 거절하시겠습니까?');
    expect(within(confirm).queryByText(/권한 이전/)).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: '아니요' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('accepts, shows the success dialog, and its confirm closes the popup and goes to the channel', async () => {
    stubFetch({ 'GET /api/my/invites/5': { body: managerInvite }, 'POST /api/my/invites/5': { body: { channelId: 42 } } });
    const { onClose, onChanged } = renderPopup({ kind: 'INVITE', id: 5 });
    fireEvent.click(within(await dialog('매니저 권한 수락')).getByRole('button', { name: '수락' }));
    const success = await alert('권한을 수락했습니다');
    expect(within(success).getByText('Studio Daily 채널의 매니저가 되었습니다.')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
    fireEvent.click(within(success).getByRole('button', { name: '확인' }));
    expect(onClose).toHaveBeenCalled();
    // The test's stand-in onClose leaves the popup open, so the page behind it stays aria-hidden.
    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'current location', hidden: true }).textContent).toBe('/channels/42'));
  });

  it('asks to check the logged-in account when the invite belongs to another account', async () => {
    stubFetch({
      'GET /api/my/invites/5': { status: 403, body: { code: 'INVITE_UNAUTHORIZED', message: 'x', path: '/api/my/invites/5', extra: null } },
    });
    const onErrorConfirm = vi.fn();
    renderPopup({ kind: 'INVITE', id: 5 }, { onErrorConfirm });
    const error = await alert('로그인한 메신저 계정을 다시 확인해 주세요.');
    fireEvent.click(within(error).getByRole('button', { name: '확인' }));
    expect(onErrorConfirm).toHaveBeenCalled();
  });

  it('says the invitation expired (or is not yours) for any other load failure, for transfers too', async () => {
    stubFetch({
      'GET /api/my/transfer/8': { status: 409, body: { code: 'TRANSFER_NOT_PENDING', message: 'x', path: '/api/my/transfer/8', extra: null } },
    });
    renderPopup({ kind: 'TRANSFER', id: 8 });
    expect(await alert('초대 기간이 만료되었거나 권한이 없습니다.')).toBeTruthy();
  });

  it('shows the temporary-error text when accepting fails with 5xx, without declining', async () => {
    const fetchMock = stubFetch({
      'GET /api/my/invites/5': { body: managerInvite },
      'POST /api/my/invites/5': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x', path: '/api/my/invites/5', extra: null } },
    });
    renderPopup({ kind: 'INVITE', id: 5 });
    fireEvent.click(within(await dialog('매니저 권한 수락')).getByRole('button', { name: '수락' }));
    expect(await alert('일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/my/invites/5', expect.objectContaining({ method: 'DELETE' }));
  });

  it('declines automatically through the decline call when the channel left service', async () => {
    const fetchMock = stubFetch({
      'GET /api/my/invites/5': { body: managerInvite },
      'POST /api/my/invites/5': { status: 409, body: { code: 'CHANNEL_NOT_SERVICE', message: 'x', path: '/api/my/invites/5', extra: null } },
      'DELETE /api/my/invites/5': { status: 204 },
    });
    const { onChanged } = renderPopup({ kind: 'INVITE', id: 5 });
    fireEvent.click(within(await dialog('매니저 권한 수락')).getByRole('button', { name: '수락' }));
    expect(await alert('채널 상태가 변경되어 초대가 취소되었습니다.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/my/invites/5', expect.objectContaining({ method: 'DELETE' }));
    expect(onChanged).toHaveBeenCalled();
  });

  it('shows the expired text for any other accept failure', async () => {
    stubFetch({
      'GET /api/my/invites/5': { body: managerInvite },
      'POST /api/my/invites/5': { status: 409, body: { code: 'INVITE_NOT_PENDING', message: 'x', path: '/api/my/invites/5', extra: null } },
    });
    renderPopup({ kind: 'INVITE', id: 5 });
    fireEvent.click(within(await dialog('매니저 권한 수락')).getByRole('button', { name: '수락' }));
    expect(await alert('초대 기간이 만료되었거나 권한이 없습니다.')).toBeTruthy();
  });
});

describe('AlarmInvitationPopup', () => {
  it('opens the popup named by the hash, follows a new hash, and clears it on close', async () => {
    stubFetch({ 'GET /api/my/invites/5': { body: managerInvite }, 'GET /api/my/transfer/7': { body: transfer } });
    function NextNotification() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate('/profile/alarm#transferObjectId=7')}>
          next
        </button>
      );
    }
    renderWithProviders(
      <>
        <AlarmInvitationPopup reload={vi.fn()} />
        <NextNotification />
        <CurrentLocation />
      </>,
      { path: '/profile/alarm#inviteObjectId=5' },
    );
    const popup = await dialog('매니저 권한 수락');
    fireEvent.keyDown(popup, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status', { name: 'current location' }).textContent).toBe('/profile/alarm');

    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(within(await dialog('소유자 권한 수락')).getByText('Cooking Notes')).toBeTruthy();
  });

  it("an error's confirm reloads the page", async () => {
    stubFetch({ 'GET /api/my/invites/9': { status: 404, body: { code: 'NOT_FOUND', message: 'x', path: '/api/my/invites/9', extra: null } } });
    const reload = vi.fn();
    renderWithProviders(<AlarmInvitationPopup reload={reload} />, { path: '/profile/alarm#inviteObjectId=9' });
    fireEvent.click(within(await alert('초대 기간이 만료되었거나 권한이 없습니다.')).getByRole('button', { name: '확인' }));
    expect(reload).toHaveBeenCalled();
  });
});
