import { describe, expect, it } from 'vitest';
import { resolveContinue } from './continue-url';

const base = 'http://localhost:8080';

describe('resolveContinue', () => {
  it('defaults to the studio home', () => {
    expect(resolveContinue(undefined, base)).toBe('http://localhost:8080/studio/');
    expect(resolveContinue('', base)).toBe('http://localhost:8080/studio/');
  });

  it('keeps addresses on the studio origin, with query and hash', () => {
    expect(resolveContinue('http://localhost:8080/studio/profile/alarm#inviteObjectId=3', base)).toBe(
      'http://localhost:8080/studio/profile/alarm#inviteObjectId=3',
    );
    expect(resolveContinue('/studio/trend?x=1', base)).toBe('http://localhost:8080/studio/trend?x=1');
  });

  it('refuses every other origin', () => {
    for (const raw of [
      'https://evil.example/studio/',
      '//evil.example/studio/',
      'http://localhost:8081/studio/',
      'https://localhost:8080/studio/',
      'javascript:alert(1)',
      'http://localhost:8080@evil.example/',
      '/\\evil.example',
      'http:evil.example',
    ]) {
      const resolved = resolveContinue(raw, base);
      expect(resolved === null || resolved.startsWith('http://localhost:8080/'), raw).toBe(true);
      if (resolved !== null) expect(new URL(resolved).origin).toBe(base);
    }
    expect(resolveContinue('https://evil.example/studio/', base)).toBeNull();
    expect(resolveContinue('//evil.example/', base)).toBeNull();
  });

  it('never returns to the auth endpoints themselves', () => {
    expect(resolveContinue('/auth/login?continue=/studio/', base)).toBe('http://localhost:8080/studio/');
  });
});
