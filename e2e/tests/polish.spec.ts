import { expect, login, test } from './fixtures';
import { ago, contents, invite, notify } from './world';

// Issue #14: the rough edges a first walk-through found.

test.describe('a newcomer is guided to what waits for them', () => {
  test('pending invitations show on the studio home and the default management tab; declining says so and reads its notification', async ({ page, world }) => {
    const owner = await world.person('Owner');
    const me = await world.person('Newcomer');
    const first = await world.channel(owner, { channel_type: 'CONTENTS_CHANNEL', use_post_write: true });
    const second = await world.channel(owner, { channel_type: 'CONTENTS_CHANNEL', use_post_write: true });
    const firstInvite = await invite(world, first.id, me, owner, 'MANAGER');
    await invite(world, second.id, me, owner, 'MANAGER');
    await notify(world, me, `${first.name} 채널의 매니저로 초대되었습니다.`, { channelId: first.id, landingUrl: `/studio/profile/alarm#inviteObjectId=${firstInvite}` });

    await login(page, me, '/studio/');
    const waiting = page.getByRole('region', { name: '답을 기다리는 초대 2건' });
    await expect(waiting).toBeVisible();
    await expect(waiting.locator('[data-invite-kind="INVITE"]')).toHaveCount(2);
    await expect(page.getByRole('banner').getByRole('button', { name: '알림, 읽지 않은 알림 1개' })).toBeVisible();

    await waiting.locator('[data-invite-kind]', { hasText: first.name }).click();
    const popup = page.getByRole('dialog', { name: '매니저 권한 수락' });
    await popup.getByRole('button', { name: '거절' }).click();
    await page.getByRole('alertdialog', { name: '정말 초대를 거절하시겠습니까?' }).getByRole('button', { name: '예' }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByText('초대를 거절했습니다.')).toBeVisible();
    await expect(page.getByRole('region', { name: '답을 기다리는 초대 1건' })).toBeVisible();
    // The answered invitation's notification has nothing left to act on.
    await expect(page.getByRole('banner').getByRole('button', { name: '알림', exact: true })).toBeVisible();

    await page.getByRole('link', { name: '채널 관리', exact: true }).first().click();
    await expect(page).toHaveURL(/\/studio\/channels\/management$/);
    await expect(page.getByRole('tab', { name: /내 채널/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: '답을 기다리는 초대 1건' }).getByText(second.name)).toBeVisible();
  });

  test('someone with no invitation sees no invitation box', async ({ page, world }) => {
    await login(page, await world.person(), '/studio/channels/management');
    await expect(page.getByRole('heading', { level: 1, name: '채널 관리' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '초대 0' })).toBeVisible();
    await expect(page.getByRole('region', { name: /답을 기다리는 초대/ })).toHaveCount(0);
  });
});

test.describe('lists behave', () => {
  test('the channel home lists contents newest first by date, and every row\'s title opens its preview', async ({ page, world }) => {
    const me = await world.person('Owner');
    const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
    await contents(world, channel.id, me, Array.from({ length: 11 }, (_, index) => ['POST', 'PUBLIC', `Post ${index + 1}`, index] as ['POST', 'PUBLIC', string, number]));
    // Written last (the highest id) but dated ten days ago: it belongs at the very end.
    const { createContent } = await import('../../apps/server/src/seed/factories');
    await createContent(world.db, { channel_id: channel.id, author_user_id: me.userId, kind: 'CONTENT_VIEW', status: 'DRAFT', title: 'Old article', view_count: 0, thumbnail_url: null, created_at: ago(10 * 86_400_000) });

    await login(page, me, `/studio/channels/${channel.id}`);
    const rows = page.getByRole('list', { name: '콘텐츠' }).getByRole('listitem');
    await expect(rows.first()).toContainText('Post 11');
    await expect(rows.nth(9)).toContainText('Post 2');
    await page.getByRole('button', { name: '다음 페이지' }).click();
    await expect(rows.first()).toContainText('Post 1');
    await expect(rows.nth(1)).toContainText('Old article');
    // Every kind's title opens the same page, the studio preview (issue 25); a public row's other link is the public page (a new tab).
    await expect(rows.first().getByRole('link', { name: 'Post 1', exact: true })).toHaveAttribute('href', new RegExp(`/studio/channels/${channel.id}/contents/\\d+/preview$`));
    await expect(rows.first().getByRole('link', { name: /^사이트에서 보기: Post 1/ })).toHaveAttribute('target', '_blank');

    await rows.nth(1).getByRole('link', { name: 'Old article' }).click();
    await expect(page).toHaveURL(new RegExp(`/studio/channels/${channel.id}/contents/\\d+/preview$`));
  });

  test('an old page-number address opens the first page (the list is walked by cursor)', async ({ page, world }) => {
    const me = await world.person('Owner');
    const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', use_post_write: true });
    await contents(world, channel.id, me, [['POST', 'PUBLIC', 'Only post', 1]]);

    await login(page, me, `/studio/channels/${channel.id}?page=7`);
    await expect(page.getByRole('list', { name: '콘텐츠' }).getByRole('listitem')).toHaveText([/Only post/]);
    await expect(page.getByText('8 / 1')).toHaveCount(0);
  });

  test('an unknown channel says channel not found, an unknown notice is the not-found screen', async ({ page, world }) => {
    await login(page, await world.person(), '/studio/channels/999999');
    await expect(page.getByRole('heading', { name: '채널을 찾을 수 없습니다.' })).toBeVisible();
    await expect(page.getByText('CHANNEL_NOT_FOUND')).toBeVisible();
    await expect(page.getByRole('link', { name: '채널 관리로' })).toBeVisible();

    await page.goto('/studio/notices/999999');
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다.' })).toBeVisible();
    await expect(page.getByRole('button', { name: '다시 시도' })).toHaveCount(0);
    // Reached inside the app, the same.
    await page.goto('/studio/notices');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/studio/notices/888888');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다.' })).toBeVisible();
    await expect(page.getByRole('button', { name: '다시 시도' })).toHaveCount(0);
  });
});

test.describe('errors a person can read', () => {
  test('a page whose code fails to load shows the spec error texts and a reload that brings it back', async ({ page, world }) => {
    await login(page, await world.person(), '/studio/');
    await page.route(/\/assets\/static-pages-[^/]*\.js$/, (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: '이용약관' }).click();
    await expect(page.getByRole('heading', { name: '알 수 없는 오류가 발생했습니다.' })).toBeVisible();
    await expect(page.getByText('서비스 이용에 불편을 드려 죄송합니다. 잠시 후 다시 시도하세요.')).toBeVisible();
    await expect(page.getByText('CLIENT_CHUNK_LOAD')).toBeVisible();
    await page.unroute(/\/assets\/static-pages-[^/]*\.js$/);
    await page.getByRole('button', { name: '새로고침' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '이용약관' })).toBeVisible();
  });

  test('a failing /api/me shows an error in the header with a retry, not a header without its buttons', async ({ page, world }) => {
    const me = await world.person();
    await login(page, me, '/studio/profile/alarm');
    await page.route('**/api/me', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: '서비스를 잠시 사용할 수 없습니다.', path: '/api/me' }) }),
    );
    await page.reload();
    const alert = page.getByRole('banner').getByRole('alert');
    await expect(alert).toContainText('일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.');
    await expect(page.getByRole('banner').getByRole('link', { name: new RegExp(me.name) })).toHaveCount(0);
    await page.unroute('**/api/me');
    await alert.getByRole('button', { name: '다시 시도' }).click();
    await expect(alert).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: /^알림/ })).toBeVisible();
  });
});

test.describe('keyboard and looks', () => {
  test('the phone side menu takes focus when opened and closes on Escape', async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, await world.person(), '/studio/');
    const button = page.getByRole('button', { name: '메뉴 열기' });
    await button.click();
    await expect(page.locator('#studio-sidebar')).toBeVisible();
    await expect(page.locator('#studio-sidebar :focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.locator('#studio-sidebar')).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('leaving a channel is confirmed with a danger button', async ({ page, world }) => {
    const owner = await world.person('Owner');
    const me = await world.person('Manager');
    const channel = await world.channel(owner, { channel_type: 'CONTENTS_CHANNEL', use_post_write: true }, [[me, 'MANAGER']]);
    await login(page, me, `/studio/channels/${channel.id}`);
    await page.getByRole('button', { name: '채널 나가기' }).click();
    const confirm = page.getByRole('dialog');
    const leave = confirm.getByRole('button', { name: '나가기' });
    // --color-danger (#c0261a), not the primary blue.
    await expect(leave).toHaveCSS('background-color', 'rgb(192, 38, 26)');
  });
});
