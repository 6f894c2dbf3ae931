import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { invitationsMessages } from './messages';

describe('the invitations catalogue', () => {
  it('has the same keys and arguments in English as in Korean, and no Korean in English', () => {
    expect(catalogueProblems(invitationsMessages.ko, invitationsMessages.en)).toEqual([]);
  });
});
