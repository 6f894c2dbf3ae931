import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { channelSettingsMessages } from './messages';

describe('the channel-settings catalogue', () => {
  it('has the same keys and arguments in English as in Korean, and no Korean in English', () => {
    expect(catalogueProblems(channelSettingsMessages.ko, channelSettingsMessages.en)).toEqual([]);
  });
});
