import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * A new stream key added from the create menu's live layer, from a studio page showing that menu; the
 * new live's page opens. Answers the live's id.
 */
export async function keyFromCreateMenu(page: Page, channel: number, name: string): Promise<number> {
  await page.getByRole('navigation', { name: '만들기' }).getByRole('link', { name: '라이브 방송' }).click();
  await page.getByRole('dialog', { name: '라이브 방송 시작' }).getByRole('button', { name: '새 스트림 키 추가' }).click();
  const add = page.getByRole('dialog', { name: '새 스트림 키 추가' });
  await add.getByRole('textbox', { name: '스트림 키 이름' }).fill(name);
  await add.getByRole('button', { name: '추가' }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/channels/${channel}/videos/lives/\\d+$`));
  return Number(/\/lives\/(\d+)$/.exec(page.url())![1]);
}

/** Waits, as a signed-out viewer (`viewer`'s requests), until the live's public playlist names a segment. */
export async function untilPublicSegment(viewer: Page, liveId: number): Promise<void> {
  await expect
    .poll(async () => {
      const response = await viewer.request.get(`/live/${liveId}/index.m3u8`);
      return response.ok() && (await response.text()).includes('.ts');
    }, { timeout: 30_000 })
    .toBe(true);
}
