import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../lib/i18n/catalogue-checks';
import { featureTranslate } from '../../lib/i18n/i18n';
import { deviceName } from './components/session-list';
import { usersMessages } from './messages';

describe('the profile catalogue', () => {
  it('has the same keys and arguments in English as in Korean, and no Korean in English', () => {
    expect(catalogueProblems(usersMessages.ko, usersMessages.en)).toEqual([]);
  });
});

describe('deviceName', () => {
  const ko = featureTranslate(usersMessages, 'ko');
  it('names browser and system, either one alone, or an unknown device', () => {
    expect(deviceName({ browser: 'Chrome', os: 'Windows' }, ko)).toBe('Chrome · Windows');
    expect(deviceName({ browser: null, os: 'iOS' }, ko)).toBe('iOS');
    expect(deviceName({ browser: 'curl', os: null }, ko)).toBe('curl');
    expect(deviceName({ browser: null, os: null }, ko)).toBe('알 수 없는 기기');
  });
});
