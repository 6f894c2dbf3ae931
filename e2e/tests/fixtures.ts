import { expect, test as base, type Page } from '@playwright/test';

export type DemoLogin = 'creator' | 'manager' | 'newbie' | 'operator';

/** Signs in through the real login page of the account service, as a person would. */
export async function login(page: Page, who: DemoLogin, target = '/studio/') {
  await page.goto(target);
  await expect(page).toHaveURL(/\/accounts\/interaction\//);
  await page.locator('input[name="login"]').fill(who);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/${target.replace(/^\/studio\/?/, '').replace(/[?#].*$/, '')}`));
}

export const test = base;
export { expect };
