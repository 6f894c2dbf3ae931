import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { noticesMessages } from './messages';

describe('the notices catalogue', () => {
  it('has the same keys and arguments in English as in Korean, and no Korean in English', () => {
    expect(catalogueProblems(noticesMessages.ko, noticesMessages.en)).toEqual([]);
  });
});
