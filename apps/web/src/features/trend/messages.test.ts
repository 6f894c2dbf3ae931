import { describe, expect, it } from 'vitest';
import { ContentKind } from '@studio/contract/enums';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { trendMessages } from './messages';

describe('the trend catalogue', () => {
  it('names every content kind in both languages', () => {
    for (const locale of ['ko', 'en'] as const) {
      const messages: Record<string, string> = trendMessages[locale];
      for (const kind of ContentKind.options) expect(messages[`kind.${kind}`]?.trim(), kind).toBeTruthy();
    }
  });

  it('passes the shared catalogue checks', () => {
    expect(catalogueProblems(trendMessages.ko, trendMessages.en)).toEqual([]);
  });
});
