import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { applicationsMessages } from './messages';

describe('the applications catalogue', () => {
  it('has the same keys and arguments in English as in Korean, and no Korean in English', () => {
    expect(catalogueProblems(applicationsMessages.ko, applicationsMessages.en)).toEqual([]);
  });
});
