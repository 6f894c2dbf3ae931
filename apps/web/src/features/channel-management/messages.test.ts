import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { channelManagementMessages } from './messages';

describe('the channel-management catalogue', () => {
  it('has the same keys and arguments in English as in Korean, and no Korean in English', () => {
    expect(catalogueProblems(channelManagementMessages.ko, channelManagementMessages.en)).toEqual([]);
  });
});
