import type { Page } from '@playwright/test';
import { expectNoSeriousViolations, seriousViolations, waitForSettledPage } from './axe';
import { expect, login, test, type DemoLogin } from './fixtures';

/**
 * Issue #14: no serious or critical WCAG 2.2 A/AA violation on any page,
 * signed in or not, in Korean and English, at desktop and phone widths.
 *
 * One list of routes; each test signs one demo person in once per width and
 * walks the list in both languages. To cover a new page, add a line below
 * (`as` limits it to the people for whom it differs; pages that look the same
 * for everyone are walked as the creator only, to keep the run short).
 */
type Ids = { channel?: number; notice?: number };
type A11yRoute = { name: string; path: string | ((ids: Ids) => string | undefined); as?: DemoLogin[] };

const everyone: DemoLogin[] = ['creator', 'manager', 'newbie', 'operator'];

export const a11yRoutes: A11yRoute[] = [
  { name: 'studio home', path: '/studio/' },
  { name: 'channel management', path: '/studio/channels/management' },
  { name: 'management: apply results', path: '/studio/channels/management?tab=apply' },
  { name: 'management: invitations', path: '/studio/channels/management?tab=invite' },
  { name: 'management: a page past the end', path: '/studio/channels/management?page=7', as: ['creator'] },
  { name: 'channel home', path: ({ channel }) => (channel ? `/studio/channels/${channel}` : undefined), as: ['creator', 'manager'] },
  { name: 'channel settings', path: ({ channel }) => (channel ? `/studio/channels/${channel}/settings` : undefined), as: ['creator', 'manager'] },
  { name: 'channel profile', path: ({ channel }) => (channel ? `/studio/channels/${channel}/profile` : undefined), as: ['creator', 'manager'] },
  { name: 'channel home, no permission', path: '/studio/channels/1', as: ['newbie'] },
  { name: 'unknown channel', path: '/studio/channels/999999', as: ['creator'] },
  { name: 'profile', path: '/studio/profile/my' },
  { name: 'my notifications', path: '/studio/profile/alarm' },
  { name: 'notices', path: '/studio/notices', as: ['creator'] },
  { name: 'notice', path: ({ notice }) => (notice ? `/studio/notices/${notice}` : undefined), as: ['creator'] },
  { name: 'unknown notice', path: '/studio/notices/999999', as: ['creator'] },
  { name: 'trend', path: '/studio/trend', as: ['creator'] },
  { name: 'help', path: '/studio/help', as: ['creator'] },
  { name: 'channel guide', path: '/studio/guide', as: ['creator'] },
  { name: 'terms', path: '/studio/policy/terms', as: ['creator'] },
  { name: 'privacy', path: '/studio/policy/privacy', as: ['creator'] },
  { name: 'apply', path: '/studio/apply/content-type-select', as: ['creator'] },
  { name: 'unknown address', path: '/studio/no/such/page', as: ['creator'] },
  { name: 'apply form', path: '/studio/apply/form?type=MEDIA_CHANNEL', as: ['newbie'] },
  { name: 'loop upload', path: ({ channel }) => (channel ? `/studio/channels/${channel}/videos/shorts/upload` : undefined), as: ['creator'] },
  { name: 'editor', path: ({ channel }) => (channel ? `/studio/editor/${channel}/draft` : undefined), as: ['creator'] },
  { name: 'post', path: ({ channel }) => (channel ? `/studio/channels/${channel}/contents/post/create` : undefined), as: ['creator'] },
  { name: 'lives', path: ({ channel }) => (channel ? `/studio/channels/${channel}/videos/lives` : undefined), as: ['creator'] },
  { name: 'insights', path: ({ channel }) => (channel ? `/studio/channels/${channel}/insights` : undefined), as: ['creator'] },
  { name: 'operator: applications', path: '/studio/operator/applications', as: ['operator'] },
  { name: 'operator: channels', path: '/studio/operator/channels', as: ['operator'] },
  { name: 'operator: notices', path: '/studio/operator/notices', as: ['operator'] },
  { name: 'operator: notifications', path: '/studio/operator/notifications', as: ['operator'] },
  { name: 'operator: audit log', path: '/studio/operator/audit', as: ['operator'] },
];

const widths = [1440, 390] as const;
const languages = ['ko', 'en'] as const;

async function idsFor(page: Page): Promise<Ids> {
  const channels = (await (await page.request.get('/api/my/channels')).json()) as { id: number }[];
  const notices = (await (await page.request.get('/external/notices?page=0&size=1&consumerCategory=STUDIO,STUDIO_IMPORTANT')).json()) as {
    content: { contentId: number }[];
  };
  return { channel: channels[0]?.id, notice: notices.content[0]?.contentId };
}

async function useLanguage(page: Page, language: (typeof languages)[number]) {
  await page.evaluate((value) => localStorage.setItem('studio.locale', value), language);
}

/** The header's menus and, on a phone, the side menu: layers a page shows on demand. */
async function checkLayers(page: Page, width: number, where: string) {
  await page.goto('/studio/');
  await waitForSettledPage(page);
  for (const name of [/^(공지사항|Notices)$/, /^(알림|Notifications)/]) {
    await page.getByRole('banner').getByRole('button', { name }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await waitForSettledPage(page);
    await expectNoSeriousViolations(page, `${where}, header menu ${String(name)}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  if (width < 1024) {
    await page.getByRole('button', { name: /^(메뉴 열기|Open menu)$/ }).click();
    await expect(page.locator('#studio-sidebar')).toBeVisible();
    await expectNoSeriousViolations(page, `${where}, side menu open`);
    await page.keyboard.press('Escape');
  }
}

test.describe('accessibility (axe-core, WCAG 2.2 A/AA)', () => {
  // A walk is dozens of axe runs (1–3 s each on a busy machine).
  test.describe.configure({ timeout: 600_000 });

  test('the check itself finds what it should', async ({ page }) => {
    await page.setContent(
      '<html lang="ko"><body><main><h1>Check</h1><p style="color:#b0b0b0;background:#fff">흐린 글자</p><button><svg width="16" height="16"></svg></button></main></body></html>',
    );
    const rules = (await seriousViolations(page)).map((violation) => violation.rule);
    expect(rules).toEqual(expect.arrayContaining(['color-contrast', 'button-name']));
  });

  for (const width of widths) {
    test(`signed out, the login page at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/studio/');
      await expect(page).toHaveURL(/\/accounts\/interaction\//);
      await expectNoSeriousViolations(page, `login page at ${width}px`);
      await page.locator('input[name="login"]').fill('nobody');
      await page.locator('input[name="password"]').fill('wrong');
      await page.locator('button[type="submit"]').click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoSeriousViolations(page, `login page with its error at ${width}px`);
    });

    for (const who of everyone) {
      test(`${who} at ${width}px, every page in Korean and English`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await login(page, who);
        const ids = await idsFor(page);
        const routes = a11yRoutes.filter((route) => (route.as ?? everyone).includes(who));
        for (const language of languages) {
          await useLanguage(page, language);
          for (const route of routes) {
            const path = typeof route.path === 'string' ? route.path : route.path(ids);
            if (!path) continue;
            await page.goto(path);
            await waitForSettledPage(page);
            await expect(page.locator('html')).toHaveAttribute('lang', language);
            await expectNoSeriousViolations(page, `${route.name} (${path}) as ${who}, ${language}, ${width}px`);
          }
          await checkLayers(page, width, `${who}, ${language}, ${width}px`);
        }
      });
    }
  }
});
