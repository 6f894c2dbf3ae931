import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** `SCREENS_DIR=…` keeps what the person sees: the page as a PNG named `name`; nothing without it. */
export async function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  const screens = process.env.SCREENS_DIR;
  if (!screens) return;
  mkdirSync(screens, { recursive: true });
  await page.screenshot({ path: path.join(screens, `${name}.png`), fullPage });
}
