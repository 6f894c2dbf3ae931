import { createNotice } from '../../apps/server/src/seed/factories';
import { expect, login, test } from './fixtures';
import { application, invite, notify } from './world';

// Every test builds the people and data it reads (see fixtures.ts), so the
// specs pass in any order and one at a time.

test.describe('sign-in', () => {
  test('a deep link goes through the real login page and lands back on itself', async ({ page, world }) => {
    await login(page, await world.person(), '/studio/notices');
    await expect(page.getByRole('heading', { level: 1, name: '공지사항' })).toBeVisible();
  });

  test('a notification link opened while signed out keeps its fragment through the login', async ({ page, world }) => {
    const owner = await world.person('Owner');
    const invitee = await world.person('Invitee');
    const channel = await world.channel(owner);
    const inviteId = await invite(world, channel.id, invitee, owner, 'MANAGER');

    await login(page, invitee, `/studio/profile/alarm#inviteObjectId=${inviteId}`);
    await expect(page.getByRole('dialog', { name: '매니저 권한 수락' })).toBeVisible();
    await expect(page.getByRole('dialog').getByText(channel.name)).toBeVisible();
  });

  test('a wrong password gets a clear message and stays on the login page', async ({ page, world }) => {
    const person = await world.person();
    await page.goto('/studio/');
    await page.locator('input[name="login"]').fill(person.login);
    await page.locator('input[name="password"]').fill('wrong');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByRole('alert')).toHaveText('아이디 또는 비밀번호가 올바르지 않습니다.');
    await expect(page).toHaveURL(/\/accounts\/interaction\//);
  });

  test('a continue address outside the studio is refused', async ({ page }) => {
    const response = await page.goto(`/auth/login?continue=${encodeURIComponent('https://evil.example/')}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByText('이 스튜디오 밖의 주소로는 돌아갈 수 없습니다.')).toBeVisible();
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL ?? '').host);
  });

  test('logout ends the session: the studio asks for a login again', async ({ page, world }) => {
    await login(page, await world.person(), '/studio/profile/my');
    await page.getByRole('button', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/\/accounts\/interaction\//);
    await page.goto('/studio/');
    await expect(page).toHaveURL(/\/accounts\/interaction\//);
  });
});

test.describe('the shell for a channel owner', () => {
  test('header, left menu, create menu and footer come from real data', async ({ page, world }) => {
    const me = await world.person('Creator');
    const other = await world.person('Other');
    const media = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE', live_status: 'SERVICE', use_document_write: true, use_post_write: true });
    const posts = await world.channel(me, { channel_type: 'CONTENTS_CHANNEL', shorts_status: 'PAUSE', live_status: 'PAUSE', use_post_write: true });
    await world.channel(other, {}, [[me, 'MANAGER']]);
    await application(world, me, { name: posts.name, channelId: posts.id, status: 'APPROVE', reviewedDaysAgo: 3 });

    const history: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/my/history')) history.push(request.url());
    });
    await login(page, me);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    await expect(page.getByText('관리 채널 3개')).toBeVisible();
    await expect(page.getByLabel('최근 1주일 내 심사가 끝난 입점 신청이 있습니다')).toBeVisible();
    await expect(nav.getByRole('link', { name: '트렌드' })).toBeVisible();
    await expect(nav.getByRole('link', { name: '프로필' })).toBeVisible();

    const mediaMenu = page.locator(`[data-channel-name="${media.name}"]`);
    for (const option of ['콘텐츠', '루프 업로드', '포스트', '라이브 방송']) {
      await expect(mediaMenu.getByRole('link', { name: option, exact: true })).toBeVisible();
    }
    const postsMenu = page.locator(`[data-channel-name="${posts.name}"]`);
    await expect(postsMenu.getByRole('link', { name: '포스트', exact: true })).toBeVisible();
    await expect(postsMenu.getByRole('link', { name: '콘텐츠', exact: true })).toHaveCount(0);
    await expect(postsMenu.getByRole('link', { name: '라이브 방송', exact: true })).toHaveCount(0);

    await expect(page.getByRole('link', { name: '입점 신청' }).first()).toHaveAttribute('href', '/studio/apply/content-type-select');
    for (const link of ['이용약관', '개인정보 처리방침', '고객센터', '채널 가이드']) {
      await expect(page.getByRole('contentinfo').getByRole('link', { name: link })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo').getByText('© Channel Studio')).toBeVisible();
    expect(history).toHaveLength(1);
  });

  test('the alarm dropdown shows the latest five and marks all read', async ({ page, world }) => {
    const me = await world.person();
    for (let i = 1; i <= 6; i += 1) await notify(world, me, `알림 ${i}번`, { at: new Date(Date.now() - (7 - i) * 60_000) });
    await login(page, me);
    const button = page.getByRole('button', { name: /^알림/ });
    await expect(button).toHaveAccessibleName('알림, 읽지 않은 알림 6개');
    await button.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveCount(5 + 2);
    await expect(menu.getByText('알림 6번')).toBeVisible();
    await expect(menu.getByText('알림 1번')).toHaveCount(0);
    await expect(menu.getByRole('link', { name: '더보기' })).toHaveAttribute('href', '/studio/profile/alarm');
    const readAll = menu.getByRole('menuitem', { name: '모두 읽음' });
    await expect(readAll).toBeEnabled();
    await readAll.click();
    await expect(button).toHaveAccessibleName('알림');
    await button.click();
    await expect(page.getByRole('menuitem', { name: '모두 읽음' })).toBeDisabled();
  });

  test('the notice dropdown lists important notices first, at most five', async ({ page, world }) => {
    const tag = Date.now().toString(36);
    // Newest of all, so it leads whatever other notices exist.
    for (let i = 0; i < 5; i += 1) await createNotice(world.db, { category: 'STUDIO', title: `일반 공지 ${tag}-${i}`, body: '본문', published_at: new Date() });
    await createNotice(world.db, { category: 'STUDIO_IMPORTANT', title: `[중요] 점검 ${tag}`, body: '본문', published_at: new Date() });
    await login(page, await world.person());
    await page.getByRole('button', { name: '공지사항' }).click();
    const menu = page.getByRole('menu');
    const titles = menu.locator('[data-notice-title]');
    await expect(titles).toHaveCount(5);
    await expect(titles.nth(0)).toHaveText(`[중요] 점검 ${tag}`);
    // Important ones first: once a plain notice appears, no important one follows.
    const texts = await titles.allTextContents();
    const firstPlain = texts.findIndex((title) => !title.startsWith('[중요]'));
    expect(texts.slice(firstPlain).every((title) => !title.startsWith('[중요]'))).toBe(true);
    await expect(menu.getByRole('link', { name: '더보기' })).toHaveAttribute('href', '/studio/notices');
  });
});

test.describe('the shell for a person with no channel', () => {
  test('sees the empty selector and no create menu', async ({ page, world }) => {
    const me = await world.person();
    for (const message of ['하나', '둘', '셋']) await notify(world, me, message);
    await login(page, me);
    await expect(page.getByText('운영 중인 채널이 없습니다').first()).toBeVisible();
    await expect(page.getByText('만들기')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '알림, 읽지 않은 알림 3개' })).toBeVisible();
  });
});

test.describe('errors', () => {
  test('an unknown route shows the not-found page with a way home', async ({ page, world }) => {
    await login(page, await world.person(), '/studio/no/such/page');
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다.' })).toBeVisible();
    await page.getByRole('link', { name: '스튜디오 홈으로' }).or(page.getByRole('button', { name: '스튜디오 홈으로' })).click();
    await expect(page).toHaveURL(/\/studio\/?$/);
  });

  test('a lost session shows the logged-out toast and returns to the login with the address', async ({ page, context, world }) => {
    const me = await world.person();
    await notify(world, me, '읽지 않은 알림');
    await login(page, me, '/studio/profile/alarm');
    const readAll = page.getByRole('main').getByRole('button', { name: '모두 읽음' });
    await expect(readAll).toBeEnabled();
    await context.clearCookies();
    await readAll.click();
    await expect(page.getByText('현재 로그아웃 상태입니다. 로그인 후 다시 시도해 주세요.')).toBeVisible();
    await expect(page).toHaveURL(/\/accounts\/interaction\//);
    await page.locator('input[name="login"]').fill(me.login);
    await page.locator('input[name="password"]').fill('demo1234');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page).toHaveURL(/\/studio\/profile\/alarm$/);
  });
});
