import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { reservationMessages } from './reservation-messages';

describe('the reservation catalogue', () => {
  it('has the same keys and arguments in English as in Korean, and no Korean in English', () => {
    expect(catalogueProblems(reservationMessages.ko, reservationMessages.en)).toEqual([]);
  });
});
