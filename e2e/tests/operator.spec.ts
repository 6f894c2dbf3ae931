import type { Browser, Page } from '@playwright/test';
import { expect, login, test, type World } from './fixtures';

async function signedIn(browser: Browser, who: Parameters<typeof login>[1], target: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await login(page, who, target);
  return page;
}

const operatorOf = (world: World) => world.person('운영자', { isOperator: true });
const createMenu = (page: Page) => page.getByRole('navigation', { name: '만들기' });

test.describe('operator console', () => {
  test("an operator stops a channel: its owner's create menu loses it on the next page, without a reload or a restart", async ({ browser, world }) => {
    const owner = await world.person('채널 주인');
    const channel = await world.channel(owner, { name: `중지될 채널 ${Date.now().toString(36)}`, status: 'SERVICE', use_post_write: true, use_document_write: true });
    const operator = await operatorOf(world);

    const ownerPage = await signedIn(browser, owner, '/studio/');
    await expect(createMenu(ownerPage).getByRole('list', { name: channel.name })).toBeVisible();

    const operatorPage = await signedIn(browser, operator, `/studio/operator/channels?q=${encodeURIComponent(channel.name)}`);
    await operatorPage.getByRole('button', { name: `관리: ${channel.name}` }).click();
    const dialog = operatorPage.getByRole('dialog', { name: `${channel.name} 채널 관리` });
    await dialog.getByLabel('채널 상태').selectOption('STOP');
    await dialog.getByRole('button', { name: '저장' }).click();
    await operatorPage.getByRole('alertdialog').or(operatorPage.getByRole('dialog', { name: /상태로 바꿀까요/ })).getByRole('button', { name: '상태 바꾸기' }).click();
    await expect(operatorPage.getByText(`${channel.name} 채널을 저장했습니다.`)).toBeVisible();
    const row = operatorPage.locator(`[data-channel-id="${channel.id}"]`);
    await expect(row.getByText('중지')).toBeVisible();

    // The owner moves on in the page already open: the menu follows the server.
    await ownerPage.getByRole('link', { name: '프로필', exact: true }).click();
    await expect(createMenu(ownerPage)).toHaveCount(0);
    const refused = await ownerPage.request.post(`/api/channels/${channel.id}/posts`, { data: { body: '글' }, headers: { origin: new URL(ownerPage.url()).origin } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()) as unknown).toMatchObject({ code: 'CREATE_OPTION_DISABLED' });

    // The audit log says who did it, before and after.
    await operatorPage.getByRole('link', { name: '운영 기록' }).click();
    // An entry names its channel; the id stays beside it, muted, as '#id' only.
    const entry = operatorPage.getByRole('listitem').filter({ hasText: channel.name }).first();
    await expect(entry.getByText(`#${channel.id}`, { exact: true })).toBeVisible();
    await expect(entry.getByText('채널 상태 변경')).toBeVisible();
    await expect(entry.getByText(operator.name)).toBeVisible();
    await entry.getByText('자세히').click();
    await expect(entry.locator('pre').first()).toContainText('"status": "SERVICE"');
    await expect(entry.locator('pre').nth(1)).toContainText('"status": "STOP"');
  });

  test('someone who is no operator has no console entry, a no-permission page, and 403 from the API', async ({ page, world }) => {
    const creator = await world.person('크리에이터');
    await login(page, creator, '/studio/');
    await expect(page.getByRole('link', { name: '운영 콘솔' })).toHaveCount(0);
    await page.goto('/studio/operator/channels');
    await expect(page.getByRole('heading', { name: '운영자만 볼 수 있는 화면입니다.' })).toBeVisible();
    for (const path of ['/api/operator/channels', '/api/operator/notices', '/api/operator/audit', '/api/operator/notifications/broadcasts']) {
      expect((await page.request.get(path)).status(), path).toBe(403);
    }
  });

  test('a notice written with a script and an onerror handler is published without them', async ({ page, world }) => {
    const operator = await operatorOf(world);
    await login(page, operator, '/studio/operator/notices');
    await page.getByRole('button', { name: '공지 작성' }).click();
    const dialog = page.getByRole('dialog', { name: '공지 작성' });
    // Important notices are titled "[중요] …" (other specs read the dropdown by that prefix).
    const title = `[중요] 보안 점검 공지 ${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: '제목', exact: true }).fill(title);
    await dialog.getByLabel('분류').selectOption('STUDIO_IMPORTANT');
    // What a hostile paste would leave in the field.
    await dialog.getByRole('textbox', { name: '본문' }).evaluate((field) => {
      field.innerHTML = '<p>점검 <strong>안내</strong></p><img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script>';
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(page.getByText('공지를 저장했습니다.')).toBeVisible();

    await page.goto('/studio/notices');
    await page.getByRole('link', { name: title }).click();
    const article = page.getByRole('article');
    await expect(article.getByText('안내', { exact: true })).toBeVisible();
    expect(await article.innerHTML()).not.toMatch(/onerror|<script/i);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  });

  test('a notification to every studio user answers at once and a job delivers it', async ({ page, world }) => {
    const operator = await operatorOf(world);
    const reader = await world.person('받는 사람');
    await login(page, operator, '/studio/operator/notifications');
    const message = `전체 알림 ${Date.now().toString(36)}`;
    const everyone = page.getByRole('region', { name: '모든 스튜디오 사용자에게 보내기' }).or(page.locator('section').filter({ hasText: '모든 스튜디오 사용자에게 보내기' }));
    await everyone.getByLabel('알림 내용').fill(message);
    await everyone.getByRole('button', { name: '모두에게 보내기' }).click();
    await page.getByRole('dialog', { name: '모든 스튜디오 사용자에게 보낼까요?' }).getByRole('button', { name: '모두에게 보내기' }).click();
    await expect(page.getByText('알림 발송을 시작했습니다.')).toBeVisible();
    const sent = everyone.getByRole('listitem').filter({ hasText: message });
    await expect(sent.getByText('완료')).toBeVisible({ timeout: 15_000 });

    await page.context().clearCookies();
    await login(page, reader, '/studio/profile/alarm');
    await expect(page.getByText(message)).toBeVisible();
  });
});
