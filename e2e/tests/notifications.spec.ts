import { expect, login, test } from './fixtures';
import { ago, notify } from './world';

// Issue #10: notifications arrive in an open studio without a reload (Server-Sent Events),
// a read in one tab moves the count in the others, and /profile/alarm pages as it scrolls.

test.describe('real-time notifications', () => {
  test('an invite made in one browser reaches the other without a reload, with the channel identity, and opens its popup in place', async ({ browser, world }) => {
    const owner = await world.person('Owner');
    const invitee = await world.person('Invitee');
    const channel = await world.channel(owner, { name: `실시간 알림 채널 ${Date.now().toString(36)}` });

    const inviteeContext = await browser.newContext();
    const ownerContext = await browser.newContext();
    try {
      const inviteePage = await inviteeContext.newPage();
      const streamOpened = inviteePage.waitForResponse((response) => response.url().includes('/api/my/notifications/stream'));
      await login(inviteePage, invitee, '/studio/profile/my');
      const bell = inviteePage.getByRole('button', { name: /^알림/ });
      await expect(bell).toHaveAccessibleName('알림');
      expect((await streamOpened).status()).toBe(200);

      const ownerPage = await ownerContext.newPage();
      await login(ownerPage, owner, `/studio/channels/${channel.id}/settings`);
      const origin = new URL(ownerPage.url()).origin;
      const created = await ownerPage.request.post(`/api/channels/${channel.id}/invites`, {
        data: { login: invitee.login, role: 'MANAGER' },
        headers: { origin },
      });
      expect(created.status()).toBe(201);

      // No reload: the badge changes by itself.
      await expect(bell).toHaveAccessibleName('알림, 읽지 않은 알림 1개', { timeout: 3000 });
      await bell.click();
      const item = inviteePage.getByRole('menuitem', { name: new RegExp(`${channel.name} 채널의 매니저로 초대되었습니다`) });
      await expect(item).toBeVisible();
      // Channel identity: the channel's name beside its avatar, not a generic icon.
      await expect(item.getByText(`${channel.name} 채널`, { exact: true })).toBeVisible();
      await item.click();
      // The popup opens right here, on the profile page.
      await expect(inviteePage.getByRole('dialog', { name: '매니저 권한 수락' })).toBeVisible();
      await expect(inviteePage).toHaveURL(/\/studio\/profile\/my#inviteObjectId=\d+$/);
      await inviteePage.keyboard.press('Escape');
      await expect(inviteePage.getByRole('dialog')).toBeHidden();
      await expect(bell).toHaveAccessibleName('알림');
    } finally {
      await inviteeContext.close();
      await ownerContext.close();
    }
  });

  test('reading in one tab updates the count in the other', async ({ browser, world }) => {
    const me = await world.person('Reader');
    for (let index = 0; index < 3; index++) await notify(world, me, `운영자 알림 ${index}`, { at: ago((3 - index) * 60_000) });
    const context = await browser.newContext();
    try {
      const first = await context.newPage();
      await login(first, me, '/studio/profile/my');
      const second = await context.newPage();
      await second.goto('/studio/profile/alarm');
      await expect(first.getByRole('button', { name: /^알림/ })).toHaveAccessibleName('알림, 읽지 않은 알림 3개');
      await first.waitForTimeout(300);

      await second.getByRole('button', { name: /운영자 알림 2/ }).click();
      await expect(first.getByRole('button', { name: /^알림/ })).toHaveAccessibleName('알림, 읽지 않은 알림 2개', { timeout: 3000 });
      await second.getByRole('button', { name: '모두 읽음' }).click();
      await expect(first.getByRole('button', { name: /^알림/ })).toHaveAccessibleName('알림', { timeout: 3000 });
    } finally {
      await context.close();
    }
  });
});

test.describe('what the studio produces', () => {
  test('a manager publishing in one browser reaches the owner in another without a reload, and the item opens the content', async ({ browser, world }) => {
    const owner = await world.person('Owner');
    const manager = await world.person('Manager');
    const channel = await world.channel(owner, { name: `게시 알림 채널 ${Date.now().toString(36)}`, channel_type: 'MEDIA_CHANNEL', use_document_write: true }, [[manager, 'MANAGER']]);

    const ownerContext = await browser.newContext();
    const managerContext = await browser.newContext();
    try {
      const ownerPage = await ownerContext.newPage();
      await login(ownerPage, owner, '/studio/profile/my');
      const bell = ownerPage.getByRole('button', { name: /^알림/ });
      await expect(bell).toHaveAccessibleName('알림');

      const managerPage = await managerContext.newPage();
      await login(managerPage, manager, '/studio/profile/my');
      const origin = new URL(managerPage.url()).origin;
      const draft = await managerPage.request.post(`/api/channels/${channel.id}/contents`, {
        data: { kind: 'CONTENT_VIEW', title: 'Winter special', body: '<p>Snow</p>' },
        headers: { origin },
      });
      expect(draft.status()).toBe(201);
      const { id, version } = (await draft.json()) as { id: number; version: number };
      const published = await managerPage.request.post(`/api/channels/${channel.id}/contents/${id}/publish`, { data: { version }, headers: { origin } });
      expect(published.status()).toBe(200);

      await expect(bell).toHaveAccessibleName('알림, 읽지 않은 알림 1개', { timeout: 3000 });
      // The manager who published it is not told.
      await expect(managerPage.getByRole('button', { name: /^알림/ })).toHaveAccessibleName('알림');
      await bell.click();
      await ownerPage.getByRole('menuitem', { name: new RegExp(`${channel.name} 채널에 'Winter special' 콘텐츠가 게시되었습니다`) }).click();
      await expect(ownerPage).toHaveURL(new RegExp(`/studio/channels/${channel.id}/contents/${id}/preview$`));
      await expect(ownerPage.getByRole('heading', { name: 'Winter special' })).toBeVisible();
      await expect(bell).toHaveAccessibleName('알림');
    } finally {
      await ownerContext.close();
      await managerContext.close();
    }
  });
});

test.describe('/profile/alarm', () => {
  test('pages as the person scrolls, with tabs, operator marks and the absolute time on hover', async ({ page, world }) => {
    const me = await world.person('Scroller');
    const owner = await world.person('Owner');
    const channel = await world.channel(owner);
    // 45 notifications: every third about a channel, the rest from the operator; newest is index 44.
    for (let index = 0; index < 45; index++) {
      await notify(world, me, `알림 번호 ${index}`, { channelId: index % 3 === 0 ? channel.id : null, at: ago((45 - index) * 60_000) });
    }
    await login(page, me, '/studio/profile/alarm');
    const rows = page.getByRole('tabpanel').getByRole('listitem');
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText('알림 번호 44');
    await expect(rows.first()).toContainText('스튜디오 운영자');
    await expect(rows.first().locator('time')).toHaveAttribute('title', /^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);

    await rows.last().scrollIntoViewIfNeeded();
    await expect(rows).toHaveCount(40);
    await page.getByRole('tabpanel').getByRole('listitem').last().scrollIntoViewIfNeeded();
    await expect(rows).toHaveCount(45);
    await expect(page.getByText('모든 알림을 확인했습니다.')).toBeVisible();

    await page.getByRole('tab', { name: '채널' }).click();
    await expect(page).toHaveURL(/group=CHANNEL/);
    await expect(rows).toHaveCount(15);
    await expect(rows.first()).toContainText(`${channel.name} 채널`);
    await page.getByRole('tab', { name: '운영자' }).click();
    await expect(rows).toHaveCount(20);
  });

  test('says so when a tab is empty', async ({ page, world }) => {
    const me = await world.person('Empty');
    await notify(world, me, '운영자만의 알림');
    await login(page, me, '/studio/profile/alarm?group=CHANNEL');
    await expect(page.getByText('채널 알림이 없습니다.')).toBeVisible();
  });
});
