import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, login, type World } from './fixtures';

/**
 * A person with a media channel that takes loops uploads a 4-second vertical clip made by ffmpeg
 * through the real upload page, waits for the server to process it and publishes it now.
 */
export async function publishedLoop(page: Page, world: World, name: string, publish: { title: string; thumbnailIndex: number }) {
  const clip = path.join(mkdtempSync(path.join(tmpdir(), 'studio-e2e-loop-')), 'vertical.mp4');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=540x960:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', clip]);
  const me = await world.person(name);
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await login(page, me, `/studio/channels/${channel.id}/videos/shorts/upload`);
  await page.locator('input[type="file"]').setInputFiles(clip);
  await expect(page.getByRole('status').filter({ hasText: '처리 완료' })).toBeVisible({ timeout: 60_000 });
  const loopId = /#loop=([0-9a-f-]{36})$/.exec(page.url())![1]!;
  const origin = new URL(page.url()).origin;
  const published = await page.request.post(`/api/channels/${channel.id}/loops/${loopId}/publish`, { headers: { origin }, data: publish });
  expect(published.status(), await published.text()).toBe(201);
  const { contentId } = (await published.json()) as { contentId: number };
  return { me, channel, loopId, contentId, origin };
}

/** The video element really plays: muted, started, and its clock moves on by half a second. */
export async function expectVideoPlays(video: Locator) {
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  const first = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(first + 0.5);
}
