import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { operatorMessages } from './messages';

describe('the operator catalogue', () => {
  it('has the same keys and arguments in English as in Korean, and no Korean in English', () => {
    expect(catalogueProblems(operatorMessages.ko, operatorMessages.en)).toEqual([]);
  });
});
