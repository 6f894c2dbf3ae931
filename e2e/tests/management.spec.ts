import type { Page } from '@playwright/test';
import type { Person } from '../../apps/server/src/seed/factories';
import { expect, login, switchTo, test, type World } from './fixtures';
import { application, invite, transfer } from './world';

// Every test builds its own people and channels (see fixtures.ts), so the
// specs pass in any order and one at a time.

const origin = () => test.info().project.use.baseURL ?? '';

/** Owner of a media and a contents channel, manager of a third with a long name; one approved and one in-review application. */
async function managementWorld(world: World) {
  const me = await world.person('Creator');
  const other = await world.person('Other');
  const media = await world.channel(me, { channel_type: 'MEDIA_CHANNEL' });
  const posts = await world.channel(me, { channel_type: 'CONTENTS_CHANNEL', use_post_write: true });
  const cityName = `시티 뉴스 ${Date.now().toString(36)} — 우리 동네 소식을 가장 빠르게 전하는 지역 방송 채널`;
  const city = await world.channel(other, { channel_type: 'MEDIA_CHANNEL', name: cityName }, [[me, 'MANAGER']]);
  await application(world, me, { name: posts.name, channelId: posts.id, status: 'APPROVE', reviewedDaysAgo: 3 });
  const reviewName = `${media.name} Shorts`;
  await application(world, me, { name: reviewName, status: 'REVIEW' });
  return { me, media, posts, city, reviewName };
}

test.describe('channel management as an owner', () => {
  test('the tabs show their counts and the selection lives in the URL', async ({ page, world }) => {
    const { me, media } = await managementWorld(world);
    await login(page, me, '/studio/channels/management');
    await expect(page.getByRole('heading', { level: 1, name: '채널 관리' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '내 채널 3' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: '입점 신청 결과 2' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '초대 0' })).toBeVisible();

    const rows = page.locator('[data-channel-id]');
    await expect(rows).toHaveCount(3);
    const mediaRow = rows.filter({ hasText: media.name });
    await expect(mediaRow.getByRole('link', { name: '채널 홈' })).toHaveAttribute('href', `/studio/channels/${media.id}`);
    await expect(mediaRow.getByRole('link', { name: '멤버 관리' })).toHaveAttribute('href', `/studio/channels/${media.id}/settings`);

    await page.getByRole('tab', { name: /입점 신청 결과/ }).click();
    await expect(page).toHaveURL(/[?&]tab=apply/);
    await page.goBack();
    await expect(page.getByRole('tab', { name: /내 채널/ })).toHaveAttribute('aria-selected', 'true');
  });

  test('filters narrow the list and survive a reload', async ({ page, world }) => {
    const { me, posts, city } = await managementWorld(world);
    await login(page, me, '/studio/channels/management');
    const rows = page.locator('[data-channel-id]');
    await expect(rows).toHaveCount(3);

    await page.getByRole('button', { name: '콘텐츠 채널' }).click();
    await expect(page).toHaveURL(/filters=CONTENTS_CHANNEL/);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(posts.name);

    await page.getByRole('button', { name: '필터 초기화' }).first().click();
    await expect(rows).toHaveCount(3);

    await page.getByRole('button', { name: '매니저', exact: true }).click();
    await expect(page).toHaveURL(/filters=MANAGER/);
    await expect(rows).toHaveCount(1);
    // The long name is cut with an ellipsis and kept whole in its tooltip.
    await expect(rows.getByRole('link', { name: city.name })).toHaveAttribute('title', city.name);
    // A manager gets the channel home but not the members page.
    await expect(rows.getByRole('link', { name: '멤버 관리' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('button', { name: '매니저', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveCount(1);

    // Across kinds all must match: a contents channel I manage does not exist.
    await page.getByRole('button', { name: '콘텐츠 채널' }).click();
    await expect(page.getByText('선택한 조건에 맞는 채널이 없습니다.')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: '필터 초기화' }).last().click();
    await expect(rows).toHaveCount(3);
  });

  test('the apply result tab shows the approved and the in-review applications', async ({ page, world }) => {
    const { me, posts, reviewName } = await managementWorld(world);
    await login(page, me, '/studio/channels/management?tab=apply');
    const approved = page.locator('[data-apply-status="APPROVE"]');
    const inReview = page.locator('[data-apply-status="REVIEW"]');
    await expect(approved).toContainText(posts.name);
    await expect(approved).toContainText('승인');
    await expect(approved).toContainText('심사일');
    await expect(inReview).toContainText(reviewName);
    await expect(inReview).toContainText('심사 중');

    await page.getByLabel('채널 유형').selectOption('CONTENTS_CHANNEL');
    await expect(page).toHaveURL(/channelType=CONTENTS_CHANNEL/);
    await expect(inReview).toHaveCount(0);
    await expect(approved).toHaveCount(1);
  });
});

/** A newcomer with a manager invite, an owner invite to an ownerless channel, and an ownership transfer. */
async function invitationWorld(world: World) {
  const me = await world.person('Newbie');
  const owner = await world.person('Owner');
  const operator = await world.person('Operator', { isOperator: true });
  const managed = await world.channel(owner);
  const ownerless = await world.createOwnerless();
  const handedOver = await world.channel(owner, { channel_type: 'CONTENTS_CHANNEL', use_post_write: true });
  const managerInvite = await invite(world, managed.id, me, owner, 'MANAGER');
  await invite(world, ownerless.id, me, operator, 'OWNER');
  await transfer(world, handedOver.id, owner, me);
  return { me, owner, managed, ownerless, handedOver, managerInvite };
}

test.describe('invitations of a newcomer (opened and closed, never answered)', () => {
  test('the invites tab lists two invites and a transfer, each opening its popup', async ({ page, world }) => {
    const { me, owner, managed, ownerless, handedOver } = await invitationWorld(world);
    await login(page, me, '/studio/channels/management?tab=invite');
    await expect(page.getByRole('tab', { name: '초대 3' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-invite-kind="INVITE"]')).toHaveCount(2);
    await expect(page.locator('[data-invite-kind="TRANSFER"]')).toHaveCount(1);

    await page.locator('[data-invite-kind]', { hasText: managed.name }).click();
    let popup = page.getByRole('dialog', { name: '매니저 권한 수락' });
    await expect(popup).toContainText(owner.name);
    await expect(popup).toContainText(managed.name);
    await expect(popup.getByRole('button', { name: '수락' })).toBeVisible();
    // Focus moves into the popup and stays there.
    await expect(popup.locator(':focus')).toHaveCount(1);
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    await expect(popup.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();

    await page.locator('[data-invite-kind]', { hasText: ownerless.name }).click();
    popup = page.getByRole('dialog', { name: '소유자 권한 수락' });
    await expect(popup).toContainText('현재 소유자가 없습니다.');
    await expect(popup).toContainText(ownerless.name);
    await popup.getByRole('button', { name: '닫기' }).click();
    await expect(popup).toBeHidden();

    await page.locator('[data-invite-kind="TRANSFER"]').click();
    popup = page.getByRole('dialog', { name: '소유자 권한 수락' });
    await expect(popup).toContainText(owner.name);
    await expect(popup).toContainText(handedOver.name);
    await popup.getByRole('button', { name: '거절' }).click();
    const confirm = page.getByRole('alertdialog', { name: '정말 소유권 이전을 거절하시겠습니까?' });
    await expect(confirm).toContainText('거절하면 이 요청 페이지를 통한 권한 이전은 더 이상 할 수 없습니다.');
    await confirm.getByRole('button', { name: '아니요' }).click();
    await expect(confirm).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(page.getByRole('tab', { name: '초대 3' })).toBeVisible();
  });

  test('the alarm page opens the popup from #inviteObjectId and clears the hash on close', async ({ page, world }) => {
    const { me, managed, managerInvite } = await invitationWorld(world);
    await login(page, me, '/studio/profile/alarm');
    await page.goto(`/studio/profile/alarm#inviteObjectId=${managerInvite}`);
    const popup = page.getByRole('dialog', { name: '매니저 권한 수락' });
    await expect(popup).toContainText(managed.name);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL(/\/studio\/profile\/alarm$/);
    const answered = await page.request.get(`/api/channels/management/invite`);
    expect(((await answered.json()) as { content: unknown[] }).content).toHaveLength(3);
  });
});

async function inviteThroughApi(page: Page, channelId: number, invitee: Person): Promise<number> {
  const response = await page.request.post(`/api/channels/${channelId}/invites`, {
    data: { login: invitee.login, role: 'MANAGER' },
    headers: { Origin: origin() },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { inviteId: number }).inviteId;
}

test.describe('answering an invitation', () => {
  test('accept: success dialog, then the channel home, and the owner is told', async ({ page, world }) => {
    const owner = await world.person('Owner');
    const invitee = await world.person('Invitee');
    const channel = await world.channel(owner);
    await login(page, owner, '/studio/channels/management');
    const inviteId = await inviteThroughApi(page, channel.id, invitee);

    // The hash never reaches the server, so it cannot survive the login redirects: open the link once signed in.
    await switchTo(page, invitee, '/studio/profile/alarm');
    await page.goto(`/studio/profile/alarm#inviteObjectId=${inviteId}`);
    const popup = page.getByRole('dialog', { name: '매니저 권한 수락' });
    await expect(popup).toContainText(owner.name);
    await expect(popup).toContainText(channel.name);
    await popup.getByRole('button', { name: '수락' }).click();
    const success = page.getByRole('alertdialog', { name: '권한을 수락했습니다' });
    await expect(success).toContainText(`${channel.name} 채널의 매니저가 되었습니다.`);
    await success.getByRole('button', { name: '확인' }).click();
    await expect(page).toHaveURL(new RegExp(`/studio/channels/${channel.id}$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await switchTo(page, owner, '/studio/profile/alarm');
    await expect(page.getByRole('main').getByText(channel.name).first()).toBeVisible();
    expect(await (await page.request.get('/api/my/notifications/unread')).json()).toEqual({ count: 1 });
  });

  test('decline: confirmation, then the popup closes and the invites tab is empty', async ({ page, world }) => {
    const owner = await world.person('Owner');
    const invitee = await world.person('Invitee');
    const channel = await world.channel(owner, { channel_type: 'CONTENTS_CHANNEL', use_post_write: true });
    await invite(world, channel.id, invitee, owner, 'MANAGER');

    await login(page, invitee, '/studio/channels/management?tab=invite');
    await expect(page.getByRole('tab', { name: '초대 1' })).toBeVisible();
    await page.locator('[data-invite-kind]', { hasText: channel.name }).click();
    const popup = page.getByRole('dialog', { name: '매니저 권한 수락' });
    await expect(popup).toContainText(channel.name);
    await popup.getByRole('button', { name: '거절' }).click();
    const confirm = page.getByRole('alertdialog', { name: '정말 초대를 거절하시겠습니까?' });
    await expect(confirm.getByRole('button', { name: '아니요' })).toBeVisible();
    await confirm.getByRole('button', { name: '예' }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByText('받은 초대가 없습니다.')).toBeVisible();
    await expect(page.getByRole('tab', { name: '초대 0' })).toBeVisible();
  });
});
