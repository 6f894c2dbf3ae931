import { describe, expect, it } from 'vitest';
import { isProviderPath } from './csrf';

describe('isProviderPath', () => {
  it('exempts the OpenID endpoints the provider answers', () => {
    expect(isProviderPath('/accounts/token')).toBe(true);
    expect(isProviderPath('/accounts/session/end/confirm')).toBe(true);
    expect(isProviderPath('/accounts/auth?client_id=studio')).toBe(true);
  });

  it('never exempts our own account pages, however the path is spelt', () => {
    for (const url of [
      '/accounts/interaction/abc/login',
      '/accounts/%69nteraction/abc/login',
      '/accounts/interaction%2Fabc%2Flogin',
      '/accounts//interaction/abc/login',
      '/accounts/./interaction/abc/login',
      '/accounts/x/../interaction/abc/login',
      '/accounts/Interaction/abc/login',
      '/accounts/%6cogin',
      '/accounts/login?x=1',
      '/accounts/logout/',
      '/accounts/account',
      '/accounts/%E0%A4%A',
      '/api/me',
    ]) {
      expect(isProviderPath(url), url).toBe(false);
    }
  });
});
