import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: what the studio promises (issue #14). */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Waits until the page shows its data: no loader running, no section still loading. */
export async function waitForSettledPage(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('#studio-main, main') !== null &&
      document.querySelector('[aria-busy="true"]') === null &&
      ![...document.querySelectorAll('[role="status"]')].some((element) => /불러오는 중|Loading/.test(element.textContent ?? '')),
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * Runs axe-core on what the page shows now and fails (softly: the test goes on
 * and reports every page) on each serious or critical WCAG A/AA violation,
 * naming the rule and the elements. `where` says which page and state it was.
 */
export async function expectNoSeriousViolations(page: Page, where = page.url()) {
  expect.soft(await seriousViolations(page), `serious or critical WCAG violations on ${where}`).toEqual([]);
}

/** The serious and critical WCAG A/AA violations axe-core finds on what the page shows now. */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).options({ resultTypes: ['violations'] }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      elements: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }));
}
