import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { FIRST_LOAD_BUDGET_KIB, FIRST_LOAD_HELD_KIB, FIRST_LOAD_LANGUAGES, type FirstLoadLanguage, kib } from '../../bench/first-load';
import { expect, login, test } from './fixtures';

// Issue 25, point 5: the first load as Chromium counts it. Each route is opened in a new browser
// context (an empty cache) signed in as creator, once in each language of the studio (Korean, the
// default, then English as chosen from the footer's picker: kept in the browser's storage and with
// the person, so the page loads its catalogues before the first render); every script the page asked for before it was
// usable is summed by the bytes that came over the wire gzipped. The server would send brotli to
// Chromium; the budget is a gzip figure (docs/decisions/004, 023, 052), so the context asks for
// gzip only and the server sends its precompressed .gz (a file under 256 bytes comes as it is).

type Route = { name: keyof typeof FIRST_LOAD_HELD_KIB; path: string; usable: string[] };

/** What a page counts as usable: its heading and its main list on screen (the rule of bench/page-load.ts). */
const routes = (studioDailyId: number, language: FirstLoadLanguage): Route[] => [
  { name: 'studio home', path: '/studio/', usable: ['main h1', 'main a[href^="/studio/channels/"]'] },
  { name: 'channel management', path: '/studio/channels/management', usable: ['main h1', 'main [data-channel-id]'] },
  // The contents list is named in the page's language (features/channel-home/messages.ts, contents.title).
  { name: 'channel home', path: `/studio/channels/${studioDailyId}`, usable: ['main h1', `main ul[aria-label="${language === 'ko' ? '콘텐츠' : 'Contents'}"] li`] },
];

type Script = { url: string; bytes: number; encoding: string; startedAt: number };

/** Waits, a frame at a time, until every selector matches a visible element; answers that instant (epoch ms). */
async function usableAt(page: Page, selectors: string[]): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted) => {
      const visible = (selector: string) => {
        const element = document.querySelector(selector);
        if (!element) return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      };
      return wanted.every(visible) ? performance.timeOrigin + performance.now() : false;
    },
    selectors,
    { polling: 'raf', timeout: 20_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function firstLoad(browser: Browser, storageState: Awaited<ReturnType<BrowserContext['storageState']>>, route: Route) {
  const context = await browser.newContext({ storageState, extraHTTPHeaders: { 'accept-encoding': 'gzip' }, viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  const pending: Promise<Script>[] = [];
  // Scripts that finish after the count is taken (the answer schemas load after the page is usable,
  // decision 057) are not looked at: their sizes would be asked of a closed context.
  let listening = true;
  page.on('requestfinished', (request: Request) => {
    if (!listening || request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const headers = (await response?.allHeaders()) ?? {};
        return { url: new URL(request.url()).pathname, bytes: sizes.responseBodySize, encoding: headers['content-encoding'] ?? 'identity', startedAt: request.timing().startTime };
      })(),
    );
  });
  await page.goto(route.path);
  const usable = await usableAt(page, route.usable);
  const lang = await page.locator('html').getAttribute('lang');
  // Let the scripts asked for before that instant finish (their `requestfinished` comes after the paint).
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  listening = false;
  const scripts = (await Promise.all(pending)).filter((script) => script.startedAt <= usable);
  await context.close();
  return { scripts, lang };
}

test('the first load of the studio home, channel management and a channel home, as Chromium fetches it, stays within the 150 KiB budget on every route in Korean and in English', async ({ page, browser, db }) => {
  test.setTimeout(150_000);
  await login(page, 'creator');
  const channels = (await (await page.request.get('/api/my/channels')).json()) as { id: number; name: string }[];
  const studioDaily = channels.find((channel) => channel.name === 'Studio Daily');
  expect(studioDaily, "creator's demo channel").toBeDefined();
  // The language kept with creator, put back afterwards: the other specs sign in as creator in Korean.
  const { language: keptBefore } = await db.selectFrom('users').select('language').where('login', '=', 'creator').executeTakeFirstOrThrow();

  const figures: string[] = [];
  const over: string[] = [];
  try {
    for (const language of FIRST_LOAD_LANGUAGES) {
      if (language !== 'ko') {
        // As a person does: the footer's language picker (e2e/tests/language.spec.ts).
        await page.goto('/studio/');
        await page.getByRole('contentinfo').getByRole('combobox').selectOption(language);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect.poll(async () => (await (await page.request.get('/api/me/language')).json()) as unknown).toEqual({ language });
      }
      const storageState = await page.context().storageState();
      for (const route of routes(studioDaily!.id, language)) {
        const name = `${route.name} (${language})`;
        const { scripts, lang } = await firstLoad(browser, storageState, route);
        expect(lang, `${name}: the page's language when usable`).toBe(language);
        expect(scripts.length, `${name}: scripts seen`).toBeGreaterThan(0);
        // Anything but gzip (or a tiny file sent as it is) would make the figure a different measure.
        expect(scripts.filter((script) => script.encoding !== 'gzip' && script.bytes >= 256).map((script) => `${script.url} ${script.encoding}`), `${name}: scripts not sent gzipped`).toEqual([]);
        const total = kib(scripts.reduce((sum, script) => sum + script.bytes, 0));
        const biggest = [...scripts].sort((a, b) => b.bytes - a.bytes).slice(0, 5).map((script) => `${kib(script.bytes).toFixed(1)} ${script.url.replace('/studio/assets/', '')}`);
        const held = FIRST_LOAD_HELD_KIB[route.name][language];
        const overBudget = total > FIRST_LOAD_BUDGET_KIB ? `, ${(total - FIRST_LOAD_BUDGET_KIB).toFixed(1)} KiB over the budget` : ', within the budget';
        const figure = `${name}: ${scripts.length} scripts, ${total.toFixed(1)} KiB gzipped (held at ${held} KiB, budget ${FIRST_LOAD_BUDGET_KIB} KiB${overBudget}; biggest ${biggest.join(', ')})`;
        console.log(`first load of ${figure}`);
        // FIRST_LOAD_LIST=1 prints every script of the route, in the order the requests finished.
        if (process.env.FIRST_LOAD_LIST) console.log(scripts.map((script) => `  ${kib(script.bytes).toFixed(2)} ${script.url}`).join('\n'));
        figures.push(figure);
        if (total > Math.min(held, FIRST_LOAD_BUDGET_KIB)) over.push(name);
      }
    }
  } finally {
    await db.updateTable('users').set({ language: keptBefore }).where('login', '=', 'creator').execute();
  }
  // Issue 25 point 5: every route, in every language, within its held line and the budget (decisions 052, 057).
  expect(over, `routes heavier than their held line or the budget:\n${figures.join('\n')}`).toEqual([]);
});
