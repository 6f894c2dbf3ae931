import type { Page } from '@playwright/test';
import { expect, login, switchTo, test, type World } from './fixtures';
import { contents, transfer } from './world';

// Every test builds its own people, channels and contents (see fixtures.ts),
// so the specs pass in any order and one at a time.

/** A media channel with every feature on, labels, a subscriber count and twelve contents in many states. */
async function mediaWorld(world: World) {
  const me = await world.person('Creator');
  const manager = await world.person('Manager');
  const media = await world.channel(
    me,
    {
      channel_type: 'MEDIA_CHANNEL',
      shorts_status: 'SERVICE',
      live_status: 'SERVICE',
      use_mainnews: true,
      use_document_write: true,
      use_post_write: true,
      labels: [
        { code: 'OFFICIAL', name: '공식' },
        { code: 'NEWS_PARTNER', name: '뉴스 제휴' },
      ],
      show_subscriber_count: true,
      subscriber_count: 128_450,
    },
    [[manager, 'MANAGER']],
  );
  // Oldest first: the list shows the newest first, ten a page.
  await contents(world, media.id, me, [
    ['SHORTS', 'PUBLIC', '30초 만에 보는 오늘의 하이라이트', 999_999_000],
    ['CONTENT_VIEW', 'PUBLIC', '이번 주 스튜디오 소식 총정리', 152_000],
    ['CONTENT_VIEW', 'PUBLIC', '스튜디오 장비 소개', 1_000],
    ['POST', 'PUBLIC', '구독자 10만 명 감사 인사', 88_000],
    ['CONTENT_VIEW', 'PUBLIC_ERROR', '공개 중 오류가 난 콘텐츠', 10],
    ['SHORTS', 'REPORT_BLIND', '신고로 가려진 루프', 45_210],
    ['POST', 'HIDDEN', '숨김 처리한 공지 포스트', 980],
    ['LIVE', 'PUBLIC', '주간 스튜디오 토크 다시보기', 12_000],
    ['NEWS', 'PUBLIC', '[속보] 지역 축제 일정 변경', 1_001],
    ['CONTENT_VIEW', 'PUBLIC_RESERVATION', '다음 주 공개 예정: 겨울 특집', 0],
    ['SHORTS', 'IN_PROCESSING', '촬영 현장 비하인드 (처리 중)', 0],
    ['CONTENT_VIEW', 'DRAFT', '제목 없는 초안', 0],
  ]);
  return { me, manager, media };
}

const createSection = (page: Page) => page.getByRole('main').locator('section').filter({ has: page.getByRole('heading', { name: '만들기' }) });
const contentRow = (page: Page, title: string) => page.getByRole('list', { name: '콘텐츠' }).getByRole('listitem').filter({ hasText: title });

test.describe('channel home', () => {
  test('a media channel shows its identity, all four create options and its contents with shortened counts', async ({ page, world }) => {
    const { me, media } = await mediaWorld(world);
    await login(page, me, `/studio/channels/${media.id}`);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: media.name })).toBeVisible();
    const labels = main.getByRole('list', { name: '라벨' });
    await expect(labels.getByRole('listitem')).toHaveText(['공식', '뉴스 제휴']);
    await expect(main.getByText('128,450명')).toBeVisible();
    await expect(main.getByText('소유자', { exact: true })).toBeVisible();

    const options = createSection(page).getByRole('link');
    await expect(options).toHaveText(['콘텐츠', '루프 업로드', '포스트', '라이브 방송']);
    await expect(options.nth(0)).toHaveAttribute('href', `/studio/editor/${media.id}/draft`);
    await expect(options.nth(3)).toHaveAttribute('href', `/studio/channels/${media.id}/videos/lives/create`);
    await expect(main.getByRole('link', { name: '멤버 및 설정' })).toHaveAttribute('href', `/studio/channels/${media.id}/settings`);
    await expect(main.getByRole('button', { name: '채널 나가기' })).toHaveCount(0);

    await expect(main.getByText('12개')).toBeVisible();
    await expect(contentRow(page, '[속보] 지역 축제 일정 변경')).toContainText('1천');
    await expect(contentRow(page, '[속보] 지역 축제 일정 변경')).toContainText('뉴스');
    await expect(contentRow(page, '제목 없는 초안')).toContainText('임시저장');
    await expect(contentRow(page, '다음 주 공개 예정: 겨울 특집')).toContainText('공개 예약');
    await expect(contentRow(page, '스튜디오 장비 소개')).toContainText('1,000');

    // The two oldest rows are on the second page of ten.
    await main.getByRole('button', { name: '다음 페이지' }).click();
    await expect(page).toHaveURL(/[?&]page=1/);
    await expect(contentRow(page, '30초 만에 보는 오늘의 하이라이트')).toContainText('9999.9만');
    await expect(contentRow(page, '이번 주 스튜디오 소식 총정리')).toContainText('15.2만');
  });

  test('the status filter narrows the contents to drafts, and survives a reload', async ({ page, world }) => {
    const { me, media } = await mediaWorld(world);
    await login(page, me, `/studio/channels/${media.id}`);
    await expect(contentRow(page, '스튜디오 장비 소개')).toBeVisible();

    await page.getByRole('button', { name: '상태' }).click();
    await page.getByRole('menuitemcheckbox', { name: '임시저장' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/[?&]status=DRAFT/);
    const rows = page.getByRole('list', { name: '콘텐츠' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('제목 없는 초안');
    await expect(page.getByRole('main').getByText('1개', { exact: true })).toBeVisible();

    await page.reload();
    await expect(rows).toHaveCount(1);
    // A status nothing is in: the filtered-empty state offers a reset.
    await page.goto(`/studio/channels/${media.id}?status=STOP`);
    await expect(page.getByText('조건에 맞는 콘텐츠가 없습니다.')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: '필터 초기화' }).last().click();
    await expect(rows).toHaveCount(10);
  });

  test('a contents channel offers only posts and has no subscriber-count setting', async ({ page, world }) => {
    const me = await world.person('Creator');
    const posts = await world.channel(me, { channel_type: 'CONTENTS_CHANNEL', shorts_status: 'PAUSE', live_status: 'PAUSE', use_post_write: true });
    await contents(world, posts.id, me, [['POST', 'PUBLIC', '냉장고 정리 팁 5가지', 10_001]]);
    await login(page, me, `/studio/channels/${posts.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: posts.name })).toBeVisible();
    await expect(main.getByText('콘텐츠 채널').first()).toBeVisible();
    await expect(createSection(page).getByRole('link')).toHaveText(['포스트']);
    await expect(contentRow(page, '냉장고 정리 팁 5가지')).toContainText('1만');
    await expect(main.getByRole('switch')).toHaveCount(0);
    await expect(main.getByText('구독자 수 공개')).toHaveCount(0);
  });

  test('a channel I manage offers leaving (behind a confirmation) but no settings', async ({ page, world }) => {
    const me = await world.person('Manager');
    const owner = await world.person('Owner');
    const cityName = `시티 뉴스 ${Date.now().toString(36)} — 우리 동네 소식을 가장 빠르게 전하는 지역 방송 채널`;
    const city = await world.channel(owner, { channel_type: 'MEDIA_CHANNEL', name: cityName, use_document_write: true }, [[me, 'MANAGER']]);
    await login(page, me, `/studio/channels/${city.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(city.name);
    await expect(main.getByRole('link', { name: '멤버 및 설정' })).toHaveCount(0);
    await expect(main.getByText('매니저', { exact: true })).toBeVisible();
    // A manager sees the setting's value but cannot switch it.
    await expect(main.getByText('구독자 수 공개 여부는 채널 소유자만 바꿀 수 있습니다.')).toBeVisible();
    await expect(main.getByRole('switch')).toHaveCount(0);

    await main.getByRole('button', { name: '채널 나가기' }).click();
    const dialog = page.getByRole('dialog', { name: '채널에서 나갈까요?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: '취소' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(main.getByRole('button', { name: '채널 나가기' })).toBeFocused();

    // Going to settings directly is refused: only the owner manages members.
    await page.goto(`/studio/channels/${city.id}/settings`);
    await expect(page.getByRole('heading', { name: '이 채널에 대한 권한이 없습니다.' })).toBeVisible();
  });

  test('a missing channel is not found; a channel without a role is no permission', async ({ page, world }) => {
    const stranger = await world.person('Stranger');
    const channel = await world.channel(await world.person('Owner'));
    await login(page, stranger, '/studio/channels/999999');
    await expect(page.getByRole('heading', { name: '채널을 찾을 수 없습니다.' })).toBeVisible();
    await expect(page.getByText('CHANNEL_NOT_FOUND')).toBeVisible();
    await page.goto('/studio/channels/abc');
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다.' })).toBeVisible();

    await page.goto(`/studio/channels/${channel.id}`);
    await expect(page.getByRole('heading', { name: '이 채널에 대한 권한이 없습니다.' })).toBeVisible();
    await expect(page.getByText('CHANNEL_ACCESS_DENIED')).toBeVisible();
    await page.getByRole('link', { name: '채널 관리로' }).click();
    await expect(page).toHaveURL(/\/studio\/channels\/management/);
  });

  test('the subscriber-count switch saves and survives a reload, both ways', async ({ page, world }) => {
    const me = await world.person('Creator');
    const media = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', show_subscriber_count: true });
    await login(page, me, `/studio/channels/${media.id}`);
    const toggle = page.getByRole('switch', { name: '채널에 구독자 수 공개' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');

    await toggle.click();
    await expect(page.getByText('채널에 구독자 수를 공개하지 않습니다.')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');

    // Keyboard: Space on the focused switch.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('채널에 구독자 수를 공개하고 있습니다.')).toBeVisible();
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});

test.describe('channel settings (members)', () => {
  test('the owner invites someone as credit manager, cancels it, and the log tells both', async ({ page, world }) => {
    const { me, manager, media } = await mediaWorld(world);
    const target = await world.person('Target');
    await login(page, me, `/studio/channels/${media.id}/settings`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: '멤버 및 설정' })).toBeVisible();

    const members = main.getByRole('list', { name: '멤버' }).getByRole('listitem');
    await expect(members).toHaveCount(2);
    await expect(members.nth(0)).toContainText(me.name);
    await expect(members.nth(0)).toContainText('소유자');
    await expect(members.nth(1)).toContainText(manager.name);
    await expect(members.nth(1)).toContainText('매니저');
    await expect(members.nth(0).getByRole('button')).toHaveCount(0);
    await expect(members.nth(1).getByRole('button', { name: `내보내기: ${manager.name}` })).toBeVisible();

    const loginField = main.getByLabel('아이디', { exact: true });
    const invite = main.getByRole('button', { name: '초대하기' });
    await invite.click();
    await expect(main.getByText('필수 입력 정보입니다.')).toBeVisible();
    await loginField.fill('no-such-account');
    await invite.click();
    await expect(main.getByText('해당 아이디의 계정을 찾을 수 없습니다.')).toBeVisible();
    await expect(loginField).toHaveAttribute('aria-invalid', 'true');
    await loginField.fill(manager.login);
    await invite.click();
    await expect(main.getByText('이미 이 채널의 멤버입니다.')).toBeVisible();

    await loginField.fill(target.login);
    await main.getByLabel('역할').selectOption('CREDIT_MANAGER');
    await invite.click();
    await expect(page.getByText(`${target.login} 님에게 초대를 보냈습니다.`)).toBeVisible();
    await expect(loginField).toHaveValue('');
    const pending = main.getByRole('list', { name: '대기 중인 초대' }).getByRole('listitem').filter({ hasText: target.login });
    await expect(pending).toContainText('수익 관리자');

    const log = main.getByRole('list', { name: '채널 활동 기록' }).getByRole('listitem');
    await expect(log.first()).toContainText(`${me.name} 님이 ${target.name} 님을 수익 관리자로 초대했습니다.`);

    await pending.getByRole('button', { name: /초대 취소/ }).click();
    await expect(pending).toHaveCount(0);
    await expect(log.first()).toContainText(`${me.name} 님이 ${target.name} 님에게 보낸 수익 관리자 초대를 취소했습니다.`);
    await expect(log.nth(1)).toContainText(`${me.name} 님이 ${target.name} 님을 수익 관리자로 초대했습니다.`);

    // The remove confirmation opens and closes without removing anyone.
    await members.nth(1).getByRole('button', { name: `내보내기: ${manager.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `${manager.name} 님을 내보낼까요?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '취소' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(members).toHaveCount(2);
  });

  test('an ownership transfer is confirmed with its consequences, shown pending, and cancelled', async ({ page, world }) => {
    const me = await world.person('Creator');
    const target = await world.person('Target');
    const media = await world.channel(me);
    await login(page, me, `/studio/channels/${media.id}/settings`);
    const main = page.getByRole('main');

    await main.getByLabel('받을 사람 아이디').fill(target.login);
    await main.getByRole('button', { name: '소유권 이전 요청' }).click();
    const dialog = page.getByRole('dialog', { name: `${target.login} 님에게 소유권 이전을 요청할까요?` });
    await expect(dialog).toContainText('현재 소유자인 나는 매니저가 됩니다.');
    await expect(dialog).toContainText('7일 동안 응답이 없으면 요청은 자동으로 거절됩니다.');
    await dialog.getByRole('button', { name: '요청 보내기' }).click();
    await expect(dialog).toHaveCount(0);

    await expect(main.getByText(`${target.name} (${target.login}) 님의 수락을 기다리고 있습니다.`)).toBeVisible();
    await expect(main.getByText(/\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}까지 응답이 없으면 자동으로 거절됩니다/)).toBeVisible();
    await expect(main.getByLabel('받을 사람 아이디')).toHaveCount(0);
    const log = main.getByRole('list', { name: '채널 활동 기록' }).getByRole('listitem');
    await expect(log.first()).toContainText(`${me.name} 님이 ${target.name} 님에게 소유권 이전을 요청했습니다.`);

    await main.getByRole('button', { name: '요청 취소' }).click();
    await expect(main.getByLabel('받을 사람 아이디')).toBeVisible();
    await expect(log.first()).toContainText(`${me.name} 님이 ${target.name} 님에게 보낸 소유권 이전 요청을 취소했습니다.`);
  });

  test('only one transfer can be pending: a stale page is told so inline and catches up', async ({ page, world }) => {
    const { me, manager, media } = await mediaWorld(world);
    const target = await world.person('Target');
    await login(page, me, `/studio/channels/${media.id}/settings`);
    const main = page.getByRole('main');
    await expect(main.getByLabel('받을 사람 아이디')).toBeVisible();

    // Another tab starts a transfer meanwhile.
    const started = await page.request.post(`/api/channels/${media.id}/transfers`, {
      data: { login: target.login },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(started.status()).toBe(201);

    await main.getByLabel('받을 사람 아이디').fill(manager.login);
    await main.getByRole('button', { name: '소유권 이전 요청' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '요청 보내기' }).click();
    await expect(main.getByRole('alert')).toHaveText('진행 중인 소유권 이전 요청이 있습니다.');
    await expect(main.getByText(`${target.name} (${target.login}) 님의 수락을 기다리고 있습니다.`)).toBeVisible();

    await main.getByRole('button', { name: '요청 취소' }).click();
    await expect(main.getByLabel('받을 사람 아이디')).toBeVisible();
    await expect(main.getByRole('alert')).toHaveCount(0);
  });

  test('a pending transfer shows on the settings page; a manager gets no permission', async ({ page, world }) => {
    const { me, manager, media } = await mediaWorld(world);
    const newcomer = await world.person('Newbie');
    await transfer(world, media.id, me, newcomer);
    await login(page, me, `/studio/channels/${media.id}/settings`);
    await expect(page.getByText(`${newcomer.name} (${newcomer.login}) 님의 수락을 기다리고 있습니다.`)).toBeVisible();
    await expect(page.getByLabel('받을 사람 아이디')).toHaveCount(0);

    await switchTo(page, manager, `/studio/channels/${media.id}/settings`);
    await expect(page.getByRole('heading', { name: '이 채널에 대한 권한이 없습니다.' })).toBeVisible();
    await expect(page.getByText('CHANNEL_OWNER_ONLY')).toBeVisible();
  });
});
