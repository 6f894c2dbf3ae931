import type { APIRequestContext, Page } from '@playwright/test';
import { expect, login, test } from './fixtures';

// Runs before shell.spec.ts on the same server: nothing here may change what
// it expects. Newbie's seeded invitations are opened and closed, never
// answered; the accept and decline flows use fresh invites for `operator`,
// and the notification the accepted one sends creator is marked read again.

const origin = () => test.info().project.use.baseURL ?? '';

type Json = Record<string, unknown>;

async function getJson<T = Json>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

async function channelIdByName(page: Page, name: string): Promise<number> {
  const channels = await getJson<{ id: number; name: string }[]>(page.request, '/api/my/channels');
  const channel = channels.find((item) => item.name === name);
  expect(channel, name).toBeDefined();
  return channel!.id;
}

/** As creator (already signed in on `page`): invite operator to the channel, through the API. */
async function inviteOperator(page: Page, channelName: string, role: 'MANAGER' | 'CREDIT_MANAGER'): Promise<number> {
  const channelId = await channelIdByName(page, channelName);
  const response = await page.request.post(`/api/channels/${channelId}/invites`, {
    data: { login: 'operator', role },
    headers: { Origin: origin() },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { inviteId: number }).inviteId;
}

async function switchTo(page: Page, who: 'creator' | 'operator' | 'newbie', target: string) {
  await page.context().clearCookies();
  await login(page, who, target);
}

test.describe('channel management as creator', () => {
  test('the tabs show their counts and the selection lives in the URL', async ({ page }) => {
    await login(page, 'creator', '/studio/channels/management');
    await expect(page.getByRole('heading', { level: 1, name: '채널 관리' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '내 채널 3' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: '입점 신청 결과 2' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '초대 0' })).toBeVisible();

    const rows = page.locator('[data-channel-id]');
    await expect(rows).toHaveCount(3);
    const studioDaily = rows.filter({ hasText: 'Studio Daily' });
    await expect(studioDaily.getByRole('link', { name: '채널 홈' })).toHaveAttribute('href', /\/studio\/channels\/\d+$/);
    await expect(studioDaily.getByRole('link', { name: '멤버 관리' })).toHaveAttribute('href', /\/studio\/channels\/\d+\/settings$/);

    await page.getByRole('tab', { name: /입점 신청 결과/ }).click();
    await expect(page).toHaveURL(/[?&]tab=apply/);
    await page.goBack();
    await expect(page.getByRole('tab', { name: /내 채널/ })).toHaveAttribute('aria-selected', 'true');
  });

  test('filters narrow the list and survive a reload', async ({ page }) => {
    await login(page, 'creator', '/studio/channels/management');
    const rows = page.locator('[data-channel-id]');
    await expect(rows).toHaveCount(3);

    await page.getByRole('button', { name: '콘텐츠 채널' }).click();
    await expect(page).toHaveURL(/filters=CONTENTS_CHANNEL/);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Cooking Notes');

    await page.getByRole('button', { name: '필터 초기화' }).first().click();
    await expect(rows).toHaveCount(3);

    await page.getByRole('button', { name: '관리자', exact: true }).click();
    await expect(page).toHaveURL(/filters=MANAGER/);
    await expect(rows).toHaveCount(1);
    const cityName = '시티 뉴스 — 우리 동네 소식을 가장 빠르게 전하는 지역 방송 채널';
    // The long name is cut with an ellipsis and kept whole in its tooltip.
    await expect(rows.getByRole('link', { name: cityName })).toHaveAttribute('title', cityName);
    // A manager gets the channel home but not the members page.
    await expect(rows.getByRole('link', { name: '멤버 관리' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('button', { name: '관리자', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveCount(1);

    // Across kinds all must match: a contents channel I manage does not exist.
    await page.getByRole('button', { name: '콘텐츠 채널' }).click();
    await expect(page.getByText('선택한 조건에 맞는 채널이 없습니다.')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: '필터 초기화' }).last().click();
    await expect(rows).toHaveCount(3);
  });

  test('the apply result tab shows the approved and the in-review applications', async ({ page }) => {
    await login(page, 'creator', '/studio/channels/management?tab=apply');
    const approved = page.locator('[data-apply-status="APPROVE"]');
    const inReview = page.locator('[data-apply-status="REVIEW"]');
    await expect(approved).toContainText('Cooking Notes');
    await expect(approved).toContainText('승인');
    await expect(approved).toContainText('심사일');
    await expect(inReview).toContainText('Studio Daily Shorts');
    await expect(inReview).toContainText('심사 중');

    await page.getByLabel('채널 유형').selectOption('CONTENTS_CHANNEL');
    await expect(page).toHaveURL(/channelType=CONTENTS_CHANNEL/);
    await expect(inReview).toHaveCount(0);
    await expect(approved).toHaveCount(1);
  });
});

test.describe('invitations as newbie (seeded; opened and closed, never answered)', () => {
  test('the invites tab lists two invites and a transfer, each opening its popup', async ({ page }) => {
    await login(page, 'newbie', '/studio/channels/management?tab=invite');
    await expect(page.getByRole('tab', { name: '초대 3' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-invite-kind="INVITE"]')).toHaveCount(2);
    await expect(page.locator('[data-invite-kind="TRANSFER"]')).toHaveCount(1);

    await page.locator('[data-invite-kind]', { hasText: 'Studio Daily' }).click();
    let popup = page.getByRole('dialog', { name: '매니저 권한 수락' });
    await expect(popup).toContainText('김크리에이터');
    await expect(popup).toContainText('Studio Daily');
    await expect(popup.getByRole('button', { name: '수락' })).toBeVisible();
    // Focus moves into the popup and stays there.
    await expect(popup.locator(':focus')).toHaveCount(1);
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    await expect(popup.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();

    await page.locator('[data-invite-kind]', { hasText: 'Harbor Radio' }).click();
    popup = page.getByRole('dialog', { name: '소유자 권한 수락' });
    await expect(popup).toContainText('현재 소유자가 없습니다.');
    await expect(popup).toContainText('Harbor Radio');
    await popup.getByRole('button', { name: '닫기' }).click();
    await expect(popup).toBeHidden();

    await page.locator('[data-invite-kind="TRANSFER"]').click();
    popup = page.getByRole('dialog', { name: '소유자 권한 수락' });
    await expect(popup).toContainText('김크리에이터');
    await expect(popup).toContainText('Cooking Notes');
    await popup.getByRole('button', { name: '거절' }).click();
    const confirm = page.getByRole('alertdialog', { name: '정말 초대를 거절하시겠습니까?' });
    await expect(confirm).toContainText('거절하면 이 요청 페이지를 통한 권한 이전은 더 이상 할 수 없습니다.');
    await confirm.getByRole('button', { name: '아니요' }).click();
    await expect(confirm).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(page.getByRole('tab', { name: '초대 3' })).toBeVisible();
  });

  test('the alarm page opens the popup from #inviteObjectId and clears the hash on close', async ({ page }) => {
    await login(page, 'newbie', '/studio/channels/management');
    const invites = await getJson<{ content: { kind: string; id: number; channelName: string }[] }>(page.request, '/api/channels/management/invite');
    const invite = invites.content.find((item) => item.kind === 'INVITE' && item.channelName === 'Studio Daily');
    expect(invite).toBeDefined();

    await page.goto(`/studio/profile/alarm#inviteObjectId=${invite!.id}`);
    const popup = page.getByRole('dialog', { name: '매니저 권한 수락' });
    await expect(popup).toContainText('Studio Daily');
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL(/\/studio\/profile\/alarm$/);
    // Unanswered, and no notification was marked read.
    await expect(page.getByRole('button', { name: '알림, 읽지 않은 알림 3개' })).toBeVisible();
  });
});

test.describe('answering an invitation (fresh invites for operator)', () => {
  test('accept: success dialog, then the channel home', async ({ page }) => {
    await login(page, 'creator', '/studio/channels/management');
    const studioDaily = await channelIdByName(page, 'Studio Daily');
    const inviteId = await inviteOperator(page, 'Studio Daily', 'MANAGER');

    // The hash never reaches the server, so it cannot survive the login redirects: open the link once signed in.
    await switchTo(page, 'operator', '/studio/profile/alarm');
    await page.goto(`/studio/profile/alarm#inviteObjectId=${inviteId}`);
    const popup = page.getByRole('dialog', { name: '매니저 권한 수락' });
    await expect(popup).toContainText('김크리에이터');
    await expect(popup).toContainText('Studio Daily');
    await popup.getByRole('button', { name: '수락' }).click();
    const success = page.getByRole('alertdialog', { name: '권한을 수락했습니다' });
    await expect(success).toContainText('Studio Daily 채널의 매니저가 되었습니다.');
    await success.getByRole('button', { name: '확인' }).click();
    await expect(page).toHaveURL(new RegExp(`/studio/channels/${studioDaily}$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Back to how shell.spec expects creator: the acceptance notice is marked read.
    await switchTo(page, 'creator', '/studio/profile/my');
    const list = await getJson<{ content: { id: number; message: string; read: boolean }[] }>(page.request, '/api/my/notifications?group=ALL&page=0&size=10');
    const accepted = list.content.filter((item) => !item.read && item.message.includes('초대를 수락했습니다'));
    expect(accepted).toHaveLength(1);
    const read = await page.request.post(`/api/my/notifications/read/${accepted[0]!.id}`, { data: {}, headers: { Origin: origin() } });
    expect(read.ok()).toBe(true);
    expect(await getJson(page.request, '/api/my/notifications/unread')).toEqual({ count: 5 });
  });

  test('decline: confirmation, then the popup closes and the invites tab is empty', async ({ page }) => {
    await login(page, 'creator', '/studio/channels/management');
    await inviteOperator(page, 'Cooking Notes', 'MANAGER');

    await switchTo(page, 'operator', '/studio/channels/management?tab=invite');
    await expect(page.getByRole('tab', { name: '초대 1' })).toBeVisible();
    await page.locator('[data-invite-kind]', { hasText: 'Cooking Notes' }).click();
    const popup = page.getByRole('dialog', { name: '매니저 권한 수락' });
    await expect(popup).toContainText('Cooking Notes');
    await popup.getByRole('button', { name: '거절' }).click();
    const confirm = page.getByRole('alertdialog', { name: '정말 초대를 거절하시겠습니까?' });
    await expect(confirm.getByRole('button', { name: '아니요' })).toBeVisible();
    await confirm.getByRole('button', { name: '예' }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByText('받은 초대가 없습니다.')).toBeVisible();
    await expect(page.getByRole('tab', { name: '초대 0' })).toBeVisible();
  });
});
