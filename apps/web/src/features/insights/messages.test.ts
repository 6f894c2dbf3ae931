import { describe, expect, it } from 'vitest';
import { ContentKind } from '@studio/contract/enums';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { insightsMessages } from './messages';
import { changePercent, formatShare, shortDay } from './utils/format-insights';

describe('the insights catalogue', () => {
  it('names every content kind in both languages', () => {
    for (const locale of ['ko', 'en'] as const) {
      const messages: Record<string, string> = insightsMessages[locale];
      for (const kind of ContentKind.options) expect(messages[`kind.${kind}`]?.trim(), kind).toBeTruthy();
    }
  });

  it('passes the shared catalogue checks', () => {
    expect(catalogueProblems(insightsMessages.ko, insightsMessages.en)).toEqual([]);
  });
});

describe('the insights figures', () => {
  it('compares with the previous period in whole percent, and says nothing of a period without views', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(5, 0)).toBeNull();
    expect(formatShare(0.456)).toBe('46%');
    expect(shortDay('2026-01-05')).toBe('1.5');
  });
});
