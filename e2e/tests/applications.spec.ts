import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';

// Issue #9 end to end in a real browser: apply with bad input, then good; reload mid-form;
// the operator reviews and rejects with a reason; the applicant re-applies from the copy;
// two operator tabs approve at once; the applicant sees the marker, the result, the
// notification and the new channel.

const REQUIRED = '필수 입력 정보입니다.';
const INVALID = '입력한 정보를 다시 확인해 주세요.';

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

async function draftSaved(page: Page) {
  // The autosave says so once the server has the draft.
  await expect(page.getByText(/에 임시 저장됨$/)).toBeVisible();
  await expect(page.locator('[data-unsaved]')).toHaveCount(0);
}

test('apply, get rejected with a reason, re-apply from the copy, get approved by one of two operators', async ({ page, browser, world }) => {
  test.setTimeout(120_000);
  const applicant = await world.person('신청자');
  const operator = await world.person('운영자', { isOperator: true });
  const channelName = `새 채널 ${Date.now().toString(36)}`;

  await login(page, applicant, '/studio/');
  await page.getByRole('link', { name: '입점 신청' }).first().click();
  await expect(page).toHaveURL(/\/studio\/apply\/content-type-select$/);
  await expect(page.getByRole('heading', { name: '미디어 채널' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '콘텐츠 채널' })).toBeVisible();
  await page.getByRole('link', { name: '미디어 채널 신청하기' }).click();
  await expect(page).toHaveURL(/\/studio\/apply\/form\?type=MEDIA_CHANNEL$/);

  // Section 5, every rule, in the browser.
  await page.getByRole('button', { name: '신청하기' }).click();
  await expect(field(page, '채널 이름')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(REQUIRED)).toHaveCount(7);
  await field(page, '연락처 이메일').fill('wrong@address');
  await field(page, '대표 링크 1').fill('https://a.com');
  await field(page, '수익 모델').fill('광고; 후원 100');
  await page.getByRole('button', { name: '신청하기' }).click();
  for (const label of ['연락처 이메일', '대표 링크 1', '수익 모델']) {
    await expect(page.locator(`#${await field(page, label).getAttribute('aria-describedby')}`)).toHaveText(INVALID);
  }
  await field(page, '대표 링크 1').fill(`https://${'a'.repeat(257)}.com`);
  await page.getByRole('button', { name: '신청하기' }).click();
  await expect(page.locator(`#${await field(page, '대표 링크 1').getAttribute('aria-describedby')}`)).toHaveText(INVALID);
  await field(page, '대표 링크 1').fill('https://example.abcdefg');
  await page.getByRole('button', { name: '신청하기' }).click();
  await expect(page.locator(`#${await field(page, '대표 링크 1').getAttribute('aria-describedby')}`)).toHaveText(INVALID);

  // Link kinds show as typed.
  await field(page, '대표 링크 1').fill('https://www.youtube.com/@studio');
  await expect(page.locator('[data-link-kind="YOUTUBE"]')).toHaveText('유튜브');
  await page.getByRole('button', { name: '링크 추가' }).click();
  await field(page, '대표 링크 2').fill('https://pf.kakao.com/_abc');
  await expect(page.locator('[data-link-kind="TALK_CHANNEL"]')).toHaveText('톡 채널');

  // Good input, half of it; the draft survives a reload.
  await field(page, '채널 이름').fill(channelName);
  await field(page, '연락처 이메일').fill('ME@EXAMPLE.COM');
  await field(page, '수익 모델').fill('광고, 후원');
  await draftSaved(page);
  await page.reload();
  await expect(field(page, '채널 이름')).toHaveValue(channelName);
  await expect(field(page, '연락처 이메일')).toHaveValue('ME@EXAMPLE.COM');
  await expect(field(page, '대표 링크 2')).toHaveValue('https://pf.kakao.com/_abc');

  // Leaving with a change not yet on the server asks first.
  await field(page, '채널 소개').fill('동네 소식을 전합니다.');
  await page.getByRole('link', { name: '트렌드' }).first().click();
  const leave = page.getByRole('dialog', { name: '페이지를 나가시겠습니까?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: '계속 작성' }).click();
  await expect(page).toHaveURL(/\/studio\/apply\/form/);

  await field(page, '신청자 구분').selectOption('INDIVIDUAL');
  await page.getByLabel('스튜디오 이용약관에 동의합니다.').check();
  await expect(page.getByRole('link', { name: '스튜디오 이용약관' })).toHaveAttribute('href', '/studio/policy/terms');
  await page.getByRole('button', { name: '신청하기' }).click();
  await expect(page).toHaveURL(/\/studio\/channels\/management\?tab=apply/);
  const mine = page.locator('[data-apply-status]').filter({ hasText: channelName });
  await expect(mine).toHaveAttribute('data-apply-status', 'WAIT');

  // The operator reviews, then rejects; the reason is required.
  const operatorContext = await browser.newContext();
  const operatorPage = await operatorContext.newPage();
  await login(operatorPage, operator, '/studio/operator/applications?status=WAIT');
  const row = operatorPage.locator('[data-application-id]').filter({ hasText: channelName });
  await row.getByRole('button', { name: '심사 시작' }).click();
  await expect(operatorPage.getByText(`${channelName} 신청의 심사를 시작했습니다.`)).toBeVisible();
  await operatorPage.goto('/studio/operator/applications?status=REVIEW');
  await row.getByRole('button', { name: '반려' }).click();
  const rejectDialog = operatorPage.getByRole('dialog');
  await rejectDialog.getByRole('button', { name: '반려하기' }).click();
  await expect(rejectDialog.getByText(REQUIRED)).toBeVisible();
  await rejectDialog.getByLabel('반려 사유').fill('대표 링크에서 최근 활동을 확인할 수 없습니다.');
  await rejectDialog.getByRole('button', { name: '반려하기' }).click();
  await expect(operatorPage.getByText(`${channelName} 신청을 반려했습니다.`)).toBeVisible();

  // The applicant sees the reason and re-applies from the copy.
  await page.reload();
  await expect(mine).toHaveAttribute('data-apply-status', 'REJECT');
  await expect(mine).toContainText('대표 링크에서 최근 활동을 확인할 수 없습니다.');
  await mine.getByRole('button', { name: '다시 신청하기' }).click();
  await expect(page).toHaveURL(/\/studio\/apply\/form\?type=MEDIA_CHANNEL/);
  await expect(field(page, '채널 이름')).toHaveValue(channelName);
  await expect(field(page, '채널 소개')).toHaveValue('동네 소식을 전합니다.');
  await page.getByLabel('스튜디오 이용약관에 동의합니다.').check();
  await page.getByRole('button', { name: '신청하기' }).click();
  await expect(page).toHaveURL(/tab=apply/);
  await expect(page.locator('[data-apply-status="WAIT"]').filter({ hasText: channelName })).toHaveCount(1);

  // Two operator tabs approve at once: exactly one wins.
  await operatorPage.goto('/studio/operator/applications?status=WAIT');
  await row.getByRole('button', { name: '심사 시작' }).click();
  await expect(operatorPage.getByText(`${channelName} 신청의 심사를 시작했습니다.`)).toBeVisible();
  const second = await operatorContext.newPage();
  await Promise.all([operatorPage.goto('/studio/operator/applications?status=REVIEW'), second.goto('/studio/operator/applications?status=REVIEW')]);
  const rowIn = (tab: Page) => tab.locator('[data-application-id]').filter({ hasText: channelName });
  for (const tab of [operatorPage, second]) await rowIn(tab).getByRole('button', { name: '승인' }).click();
  await Promise.all([operatorPage, second].map((tab) => tab.getByRole('dialog').getByRole('button', { name: '승인하기' }).click()));
  const won = (tab: Page) => tab.getByText(`${channelName} 신청을 승인했습니다.`);
  const lost = (tab: Page) => tab.getByText('입점 신청 상태가 이미 변경되었습니다. 목록을 새로 고쳐 확인해 주세요.');
  await expect(async () => {
    const wins = (await won(operatorPage).count()) + (await won(second).count());
    const losses = (await lost(operatorPage).count()) + (await lost(second).count());
    expect([wins, losses]).toEqual([1, 1]);
  }).toPass();
  await operatorContext.close();

  // The applicant: the marker, the result, the notification, the channel in the menu.
  await page.goto('/studio/');
  const selector = page.getByRole('link', { name: /관리 채널 1개/ });
  await expect(selector).toBeVisible();
  await expect(selector.getByRole('img', { name: '최근 1주일 내 심사가 끝난 입점 신청이 있습니다' })).toBeVisible();
  await page.getByRole('button', { name: /^알림/ }).click();
  const approvedNote = page.getByRole('menu').getByText(`${channelName} 채널 입점 신청이 승인되었습니다.`);
  await expect(approvedNote).toBeVisible();
  await page.goto('/studio/channels/management?tab=apply');
  await expect(page.locator('[data-apply-status="APPROVE"]').filter({ hasText: channelName })).toHaveCount(1);
  await page.goto('/studio/channels/management');
  await expect(page.locator('[data-channel-id]').filter({ hasText: channelName })).toHaveCount(1);
});

test('a non-operator gets the no-permission page and 403 from every operator endpoint', async ({ page, world }) => {
  const creator = await world.person('크리에이터');
  await login(page, creator, '/studio/operator/applications');
  await expect(page.getByText('ACCESS_DENIED')).toBeVisible();
  for (const [method, path] of [
    ['GET', '/api/operator/applications'],
    ['GET', '/api/operator/applications/1'],
    ['POST', '/api/operator/applications/1/review'],
    ['POST', '/api/operator/applications/1/approve'],
    ['POST', '/api/operator/applications/1/reject'],
  ] as const) {
    const response = await page.request.fetch(path, { method, headers: { origin: new URL(page.url()).origin }, data: method === 'POST' ? { reason: '이유' } : undefined });
    expect(response.status(), path).toBe(403);
  }
});
