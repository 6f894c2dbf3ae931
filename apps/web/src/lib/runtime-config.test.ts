// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtime-config';

function documentWith(head: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');
}

describe('readRuntimeConfig', () => {
  it('reads the meta tags the server injects in place of <!--studio-config-->', () => {
    const doc = documentWith('<meta name="studio-env" content="production"><meta name="studio-api-base" content="https://api.example/">');
    expect(readRuntimeConfig(doc)).toEqual({ env: 'production', apiBase: 'https://api.example', accountUrl: 'https://api.example/accounts/account' });
  });

  it("reads the account page's address, and none when the server sends it empty", () => {
    const named = documentWith('<meta name="studio-api-base" content=""><meta name="studio-account-url" content="https://login.example/me">');
    expect(readRuntimeConfig(named).accountUrl).toBe('https://login.example/me');
    const none = documentWith('<meta name="studio-api-base" content=""><meta name="studio-account-url" content="">');
    expect(readRuntimeConfig(none).accountUrl).toBeNull();
  });

  it('falls back to the build when the server did not inject them', () => {
    const config = readRuntimeConfig(documentWith('<!--studio-config-->'));
    expect(config.env).toBe('development');
    expect(config.apiBase).toBe('');
  });

  it('ignores an unknown environment name', () => {
    expect(readRuntimeConfig(documentWith('<meta name="studio-env" content="staging">')).env).toBe('development');
  });
});
