import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('replaces OAuth and stream key values, keeps the rest', () => {
    expect(redactUrl('/auth/callback?code=abc&state=def&iss=http%3A%2F%2Fx')).toBe('/auth/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fx');
    expect(redactUrl('/accounts/session/end?id_token_hint=eyJ.x.y&post_logout_redirect_uri=z')).toBe(
      '/accounts/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=z',
    );
    expect(redactUrl('/api/x?streamKey=1&KEY=2&%6Bey=3&page=4')).toBe('/api/x?streamKey=[redacted]&KEY=[redacted]&%6Bey=[redacted]&page=4');
    expect(redactUrl('/live/secret/index.m3u8')).toBe('/live/[redacted]/index.m3u8');
    expect(redactUrl('/api/me')).toBe('/api/me');
  });

  it('copes with addresses that do not decode', () => {
    expect(redactUrl('/a?%E0%A4%A=1&code=2')).toBe('/a?%E0%A4%A=1&code=[redacted]');
  });
});
