import { expect, login, test } from './fixtures';

test.describe('sign-in', () => {
  test('a deep link goes through the real login page and lands back on itself', async ({ page }) => {
    await login(page, 'creator', '/studio/notices');
    await expect(page.getByRole('heading', { level: 1, name: '공지사항' })).toBeVisible();
  });

  test('a notification link opened while signed out keeps its fragment through the login', async ({ page, browser }) => {
    await login(page, 'newbie', '/studio/channels/management');
    const invites = (await (await page.request.get('/api/channels/management/invite')).json()) as {
      content: { id: number; kind: string; channelName: string }[];
    };
    const invite = invites.content.find((item) => item.kind === 'INVITE' && item.channelName === 'Studio Daily');
    expect(invite).toBeDefined();

    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'ko-KR' });
    const fresh = await context.newPage();
    await login(fresh, 'newbie', `/studio/profile/alarm#inviteObjectId=${invite?.id}`);
    await expect(fresh.getByRole('dialog', { name: '매니저 권한 수락' })).toBeVisible();
    await expect(fresh.getByRole('dialog').getByText('Studio Daily')).toBeVisible();
    await context.close();
  });

  test('a wrong password gets a clear message and stays on the login page', async ({ page }) => {
    await page.goto('/studio/');
    await page.locator('input[name="login"]').fill('creator');
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

  test('logout ends the session: the studio asks for a login again', async ({ page }) => {
    await login(page, 'creator', '/studio/profile/my');
    await page.getByRole('button', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/\/accounts\/interaction\//);
    await page.goto('/studio/');
    await expect(page).toHaveURL(/\/accounts\/interaction\//);
  });
});

test.describe('the shell for creator', () => {
  test('header, left menu, create menu and footer come from real data', async ({ page }) => {
    const history: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/my/history')) history.push(request.url());
    });
    await login(page, 'creator');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    await expect(page.getByText('관리 채널 3개')).toBeVisible();
    await expect(page.getByLabel('최근 1주일 내 심사가 끝난 입점 신청이 있습니다')).toBeVisible();
    await expect(nav.getByRole('link', { name: '트렌드' })).toBeVisible();
    await expect(nav.getByRole('link', { name: '프로필' })).toBeVisible();

    const studioDaily = page.locator('[data-channel-name="Studio Daily"]');
    for (const option of ['콘텐츠', '루프 업로드', '포스트', '라이브 방송']) {
      await expect(studioDaily.getByRole('link', { name: option, exact: true })).toBeVisible();
    }
    const cooking = page.locator('[data-channel-name="Cooking Notes"]');
    await expect(cooking.getByRole('link', { name: '포스트', exact: true })).toBeVisible();
    await expect(cooking.getByRole('link', { name: '콘텐츠', exact: true })).toHaveCount(0);
    await expect(cooking.getByRole('link', { name: '라이브 방송', exact: true })).toHaveCount(0);

    await expect(page.getByRole('link', { name: '입점 신청' }).first()).toHaveAttribute('href', '/studio/apply/content-type-select');
    for (const link of ['이용약관', '개인정보 처리방침', '고객센터', '채널 가이드']) {
      await expect(page.getByRole('contentinfo').getByRole('link', { name: link })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo').getByText('© Channel Studio')).toBeVisible();
    expect(history).toHaveLength(1);
  });

  test('the alarm dropdown shows the latest five and marks all read', async ({ page }) => {
    await login(page, 'creator');
    const button = page.getByRole('button', { name: /^알림/ });
    await expect(button).toHaveAccessibleName('알림, 읽지 않은 알림 5개');
    await button.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveCount(5 + 2);
    await expect(menu.getByText('Cooking Notes 채널의 포스트에 새 댓글 12개가 달렸습니다.')).toBeVisible();
    await expect(menu.getByRole('link', { name: '더보기' })).toHaveAttribute('href', '/studio/profile/alarm');
    const readAll = menu.getByRole('menuitem', { name: '모두 읽음' });
    await expect(readAll).toBeEnabled();
    await readAll.click();
    await expect(button).toHaveAccessibleName('알림');
    await button.click();
    await expect(page.getByRole('menuitem', { name: '모두 읽음' })).toBeDisabled();
  });

  test('the notice dropdown lists important notices first, at most five', async ({ page }) => {
    await login(page, 'creator');
    await page.getByRole('button', { name: '공지사항' }).click();
    const menu = page.getByRole('menu');
    const titles = menu.locator('[data-notice-title]');
    await expect(titles).toHaveCount(5);
    await expect(titles.nth(0)).toHaveText('[중요] 11월 28일 스튜디오 정기 점검 안내');
    await expect(titles.nth(1)).toHaveText('[중요] 스트림 키 보안 강화 및 재발급 안내');
    await expect(titles.nth(2)).toHaveText('루프 업로드 화질 개선 안내');
    await expect(menu.getByRole('link', { name: '더보기' })).toHaveAttribute('href', '/studio/notices');
  });
});

test.describe('the shell for newbie', () => {
  test('a person with no channel sees the empty selector and no create menu', async ({ page }) => {
    await login(page, 'newbie');
    await expect(page.getByText('운영 중인 채널이 없습니다').first()).toBeVisible();
    await expect(page.getByText('만들기')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '알림, 읽지 않은 알림 3개' })).toBeVisible();
  });
});

test.describe('errors', () => {
  test('an unknown route shows the not-found page with a way home', async ({ page }) => {
    await login(page, 'creator', '/studio/no/such/page');
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다.' })).toBeVisible();
    await page.getByRole('link', { name: '스튜디오 홈으로' }).or(page.getByRole('button', { name: '스튜디오 홈으로' })).click();
    await expect(page).toHaveURL(/\/studio\/?$/);
  });

  test('a lost session shows the logged-out toast and returns to the login with the address', async ({ page, context }) => {
    await login(page, 'manager', '/studio/profile/alarm');
    const readAll = page.getByRole('main').getByRole('button', { name: '모두 읽음' });
    await expect(readAll).toBeEnabled();
    await context.clearCookies();
    await readAll.click();
    await expect(page.getByText('현재 로그아웃 상태입니다. 로그인 후 다시 시도해 주세요.')).toBeVisible();
    await expect(page).toHaveURL(/\/accounts\/interaction\//);
    await page.locator('input[name="login"]').fill('manager');
    await page.locator('input[name="password"]').fill('demo1234');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page).toHaveURL(/\/studio\/profile\/alarm$/);
  });
});
