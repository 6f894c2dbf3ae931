import type { Page } from '@playwright/test';
import { CHANNEL_NAME_MAX } from '@studio/contract/channel-profile';
import { expect, login, switchTo, test, type World } from './fixtures';
import { png } from './images';

// Issue 25, point 1: the owner edits the channel profile; managers read it.

/** Thirty characters exactly, and one more: the application form's limit. */
const LONG_NAME = '마포구 망원동 골목 상권과 동네 소식을 매일 전하는 곳';
const TOO_LONG_NAME = `${LONG_NAME}!`;

async function profileWorld(world: World) {
  const owner = await world.person('Owner');
  const manager = await world.person('Manager');
  const channel = await world.channel(owner, { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE', use_document_write: true, use_post_write: true }, [[manager, 'MANAGER']]);
  return { owner, manager, channel };
}

async function chooseLanguage(page: Page, language: 'ko' | 'en') {
  await page.getByRole('contentinfo').getByRole('combobox').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** No part of the page is wider than the window (a long name must wrap or end with an ellipsis). */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('channel profile', () => {
  test('the owner edits name, description, images and links; the change is logged once and a manager reads it, in Korean', async ({ page, world }) => {
    test.setTimeout(90_000);
    const { owner, manager, channel } = await profileWorld(world);
    await login(page, owner, `/studio/channels/${channel.id}`);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: '채널 프로필' }).click();
    await expect(main.getByRole('heading', { level: 1, name: '채널 프로필' })).toBeVisible();

    const name = main.getByLabel('채널 이름');
    await expect(name).toHaveValue(channel.name);
    // One character past the limit: kept whole, counted and refused with a message, not sent.
    await name.fill(TOO_LONG_NAME);
    await expect(name).toHaveValue(TOO_LONG_NAME);
    await expect(main.getByText(`${CHANNEL_NAME_MAX + 1}/${CHANNEL_NAME_MAX}`)).toBeVisible();
    const tooLong = `채널 이름은 ${CHANNEL_NAME_MAX}자까지 입력할 수 있습니다. 지금 ${CHANNEL_NAME_MAX + 1}자입니다.`;
    await expect(main.getByText(tooLong)).toBeVisible();
    let puts = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith(`/api/channels/${channel.id}/profile`)) puts++;
    });
    await main.getByRole('button', { name: '저장' }).click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toBe(0);

    await name.fill(LONG_NAME);
    await expect(main.getByText(`${CHANNEL_NAME_MAX}/${CHANNEL_NAME_MAX}`)).toBeVisible();
    await expect(main.getByText(tooLong)).toHaveCount(0);
    await main.getByLabel('채널 소개').fill('망원동 골목의 가게와 사람들 이야기.\n매일 아침 8시에 올립니다.');
    await main.locator('input[data-image-kind="image"]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png(600, 600, [40, 120, 200]) });
    await expect(main.getByRole('img', { name: '프로필 이미지' })).toBeVisible();
    await main.locator('input[data-image-kind="banner"]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png(1200, 300, [230, 120, 40]) });
    await expect(main.getByRole('img', { name: '배너 이미지' })).toBeVisible();

    for (const [index, url, kind] of [
      [1, 'https://www.youtube.com/@mangwon', '유튜브'],
      [2, 'https://pf.kakao.com/_mangwon', '톡 채널'],
      [3, 'https://mangwon.example.com/about', '기타'],
    ] as const) {
      await main.getByRole('button', { name: '링크 추가' }).click();
      const link = main.getByLabel(`링크 ${index}`, { exact: true });
      await link.fill(url);
      await expect(main.locator(`[id$="-link-${index - 1}-kind"]`)).toHaveText(kind);
    }
    await main.getByRole('button', { name: '저장' }).click();
    await expect(page.getByText('채널 프로필을 저장했습니다.')).toBeVisible();
    await expect(main.getByText(LONG_NAME, { exact: true })).toBeVisible();
    expect(puts).toBe(1);

    // Saving again without a change writes nothing.
    await main.getByRole('button', { name: '저장' }).click();
    await expect(page.getByText('바뀐 내용이 없습니다.')).toBeVisible();

    await main.getByRole('link', { name: '멤버 및 설정' }).click();
    const log = main.getByRole('list', { name: '채널 활동 기록' }).getByRole('listitem');
    await expect(log.filter({ hasText: '채널 프로필을 수정했습니다' })).toHaveCount(1);
    await expect(log.first()).toContainText(`${owner.name} 님이 채널 프로필을 수정했습니다. (이름, 소개, 프로필 이미지, 배너, 링크)`);

    // The manager reads the same profile, with nothing to change, and was told once.
    await switchTo(page, manager, '/studio/profile/alarm');
    await expect(page.getByRole('main').getByText(`${owner.name} 님이 ${LONG_NAME} 채널의 프로필을 수정했습니다.`)).toHaveCount(1);
    await page.goto(`/studio/channels/${channel.id}`);
    await main.getByRole('link', { name: '채널 프로필' }).click();
    await expect(main.getByRole('note')).toHaveText('채널 프로필은 소유자만 수정할 수 있습니다. 바꿀 내용이 있으면 채널 소유자에게 알려 주세요.');
    await expect(main.getByText(LONG_NAME, { exact: true }).first()).toBeVisible();
    await expect(main.getByRole('textbox')).toHaveCount(0);
    await expect(main.getByRole('button', { name: '저장' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'https://pf.kakao.com/_mangwon' })).toBeVisible();
    await expect(main.locator('[data-link-kind="TALK_CHANNEL"]')).toContainText('톡 채널');
    await expect(main.locator('[data-link-kind="YOUTUBE"]')).toContainText('유튜브');
    await expect(main.locator('[data-link-kind="OTHER"]')).toContainText('기타');
    // The API refuses the manager too (the page is not the only guard).
    const refused = await page.request.put(`/api/channels/${channel.id}/profile`, {
      data: { name: 'x', description: '', profileImageUrl: null, bannerImageUrl: null, links: [] },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(403);
  });

  test('the same in English: the counter, the too-long message, the save, and the read-only view', async ({ page, world }) => {
    test.setTimeout(60_000);
    const { owner, manager, channel } = await profileWorld(world);
    await login(page, owner, `/studio/channels/${channel.id}/profile`);
    await chooseLanguage(page, 'en');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Channel profile' })).toBeVisible();
    const name = main.getByLabel('Channel name');
    await name.fill(TOO_LONG_NAME);
    await expect(main.getByText(`A channel name can be at most ${CHANNEL_NAME_MAX} characters. It is ${CHANNEL_NAME_MAX + 1} now.`)).toBeVisible();
    await name.fill('Mangwon Daily');
    await expect(main.getByText(`13/${CHANNEL_NAME_MAX}`)).toBeVisible();
    await main.getByRole('button', { name: 'Add link' }).click();
    await main.getByLabel('Link 1', { exact: true }).fill('https://instagram.com/mangwon');
    await expect(main.locator('[id$="-link-0-kind"]')).toHaveText('Instagram');
    // Pressed while the link field still has the focus: nothing may move under the pointer at its blur.
    const saved = page.waitForResponse((response) => response.url().endsWith(`/api/channels/${channel.id}/profile`) && response.request().method() === 'PUT');
    await main.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('The channel profile was saved.')).toBeVisible();

    await switchTo(page, manager, `/studio/channels/${channel.id}/profile`);
    await chooseLanguage(page, 'en');
    await expect(main.getByRole('note')).toHaveText('Only the channel owner can edit the profile. Tell the owner if something should change.');
    await expect(main.locator('[data-link-kind="INSTAGRAM"]')).toContainText('Instagram');
    await expect(main.getByRole('textbox')).toHaveCount(0);
    await page.goto('/studio/profile/alarm');
    await expect(page.getByRole('main').getByText(`${owner.name} updated the profile of Mangwon Daily.`)).toHaveCount(1);
  });

  test('a long Korean name fits at 1366 and 390 pixels, for the owner and a manager', async ({ page, world }) => {
    test.setTimeout(60_000);
    const { owner, manager, channel } = await profileWorld(world);
    await world.db.updateTable('channels').set({ name: LONG_NAME, description: '망원동 골목의 가게와 사람들 이야기.', links: JSON.stringify([{ url: 'https://www.youtube.com/@mangwon-daily-long-handle' }]) }).where('id', '=', channel.id).execute();
    for (const [who, person] of [
      ['owner', owner],
      ['manager', manager],
    ] as const) {
      await switchTo(page, person, `/studio/channels/${channel.id}/profile`);
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await expect(page.getByRole('main').getByRole('heading', { level: 1, name: '채널 프로필' })).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: test.info().outputPath(`channel-profile-${who}-${width}.png`), fullPage: true });
      }
    }
  });
});
