import { describe, expect, it } from 'vitest';
import { ProcessingStatus } from '@studio/contract/enums';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { loopMessages } from './messages';

describe('the loop upload catalogue', () => {
  it('names every processing status in both languages', () => {
    for (const locale of ['ko', 'en'] as const) {
      const messages: Record<string, string> = loopMessages[locale];
      for (const status of ProcessingStatus.options) expect(messages[`processing.${status}`]?.trim(), status).toBeTruthy();
    }
  });

  it('has the same keys and arguments in English as in Korean, and no Korean in English', () => {
    expect(catalogueProblems(loopMessages.ko, loopMessages.en)).toEqual([]);
  });
});
