import { describe, expect, it } from 'vitest';
import { LinkUrl, isValidUrl, linkKind } from './links';

describe('URL rule (spec section 5)', () => {
  it('takes http and https addresses with a path, query, fragment or port', () => {
    expect(isValidUrl('https://example.com')).toBe(true);
    expect(isValidUrl('http://example.com/a/b?c=1#d')).toBe(true);
    expect(isValidUrl('HTTPS://WWW.Example.COM/Path')).toBe(true);
    expect(isValidUrl('https://sub.example.co.kr:8443/x')).toBe(true);
  });

  it('refuses other schemes and addresses without one', () => {
    expect(isValidUrl('ftp://example.com')).toBe(false);
    expect(isValidUrl('example.com')).toBe(false);
    expect(isValidUrl('javascript:alert(1)//example.com')).toBe(false);
    expect(isValidUrl('https//example.com')).toBe(false);
  });

  it('needs a domain of 2 to 256 characters: 1 and 257 are refused, 2 and 256 taken', () => {
    expect(isValidUrl('https://a.com')).toBe(false);
    expect(isValidUrl('https://ab.com')).toBe(true);
    const label = 'a'.repeat(63);
    const domain256 = [label, label, label, 'a'.repeat(64)].join('.');
    expect(domain256).toHaveLength(256);
    expect(isValidUrl(`https://${domain256}.com`)).toBe(true);
    expect(isValidUrl(`https://${domain256}a.com`)).toBe(false);
  });

  it('needs a top-level part of 2 to 6 letters: 1 and 7 are refused, digits too', () => {
    expect(isValidUrl('https://example.c')).toBe(false);
    expect(isValidUrl('https://example.co')).toBe(true);
    expect(isValidUrl('https://example.abcdef')).toBe(true);
    expect(isValidUrl('https://example.abcdefg')).toBe(false);
    expect(isValidUrl('https://example.abcdefg/path')).toBe(false);
    expect(isValidUrl('https://example.c0m')).toBe(false);
  });

  it('refuses white space and empty labels', () => {
    expect(isValidUrl('https://exa mple.com')).toBe(false);
    expect(isValidUrl('https://example.com/a b')).toBe(false);
    expect(isValidUrl('https://a..b.com')).toBe(false);
  });

  it('trims in the schema before it checks', () => {
    expect(LinkUrl.parse('  https://example.com/x ')).toBe('https://example.com/x');
    expect(LinkUrl.safeParse('https://e.com').success).toBe(false);
  });
});

describe('linkKind', () => {
  it('recognises the talk channel, the video site and the two social sites by domain, sub-domains included', () => {
    expect(linkKind('https://pf.kakao.com/_abc')).toBe('TALK_CHANNEL');
    expect(linkKind('https://www.youtube.com/@studio')).toBe('YOUTUBE');
    expect(linkKind('https://youtu.be/xyz')).toBe('YOUTUBE');
    expect(linkKind('https://m.youtube.com/watch?v=1')).toBe('YOUTUBE');
    expect(linkKind('https://www.instagram.com/studio')).toBe('INSTAGRAM');
    expect(linkKind('HTTPS://WWW.FACEBOOK.COM/studio')).toBe('FACEBOOK');
  });

  it('calls anything else other, including look-alike domains', () => {
    expect(linkKind('https://example.com')).toBe('OTHER');
    expect(linkKind('https://notyoutube.com/x')).toBe('OTHER');
    expect(linkKind('https://youtube.com.evil.io/x')).toBe('OTHER');
    expect(linkKind('https://evil.io/?https://youtube.com')).toBe('OTHER');
    expect(linkKind('not a link')).toBe('OTHER');
  });
});
