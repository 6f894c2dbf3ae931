import { describe, expect, it } from 'vitest';
import { CreatePostBody, ReserveContentBody, shortenViewCount, UpdateContentBody } from './content';

describe('shortenViewCount (spec section 9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1,000'],
    [1_001, '1천'],
    [1_099, '1천'],
    [1_100, '1.1천'],
    [1_999, '1.9천'],
    [9_999, '9.9천'],
    [10_000, '10천'],
    [10_001, '1만'],
    [15_234, '1.5만'],
    [152_340, '15.2만'],
    [99_999_000, '9999.9만'],
    [99_999_999, '9999.9만'],
    [100_000_000, '9999.9만'],
    [999_999_999, '9999.9만'],
  ])('%i reads %s', (count, expected) => {
    expect(shortenViewCount(count)).toBe(expected);
  });
});

describe('content request schemas', () => {
  it('takes a PATCH with only the version (absent fields stay)', () => {
    expect(UpdateContentBody.parse({ version: 3 })).toEqual({ version: 3 });
    expect(UpdateContentBody.safeParse({ title: 'x' }).success).toBe(false);
    expect(UpdateContentBody.safeParse({ version: 0 }).success).toBe(false);
  });

  it('keeps an article body as sent (no trimming) and refuses control characters', () => {
    expect(UpdateContentBody.parse({ version: 1, body: '  <p>a</p>\n' }).body).toBe('  <p>a</p>\n');
    expect(UpdateContentBody.safeParse({ version: 1, body: 'a\u0007b' }).success).toBe(false);
  });

  it('takes at most 10 distinct images on a post', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
    expect(CreatePostBody.safeParse({ body: 'x', imageIds: ids(10) }).success).toBe(true);
    expect(CreatePostBody.safeParse({ body: 'x', imageIds: ids(11) }).success).toBe(false);
    expect(CreatePostBody.safeParse({ body: 'x', imageIds: [1, 1] }).success).toBe(false);
  });

  it('takes links by the spec URL rule only', () => {
    expect(CreatePostBody.safeParse({ body: 'x', link: { url: 'https://youtu.be/abc' } }).success).toBe(true);
    expect(CreatePostBody.safeParse({ body: 'x', link: { url: 'javascript:alert(1)' } }).success).toBe(false);
    expect(CreatePostBody.safeParse({ body: 'x', link: { url: 'ftp://example.com' } }).success).toBe(false);
  });

  it('takes a reservation time with Z or an offset, public by default', () => {
    expect(ReserveContentBody.parse({ version: 1, at: '2026-11-24T10:00:00+09:00' })).toEqual({ version: 1, at: '2026-11-24T10:00:00+09:00', visibility: 'PUBLIC' });
    expect(ReserveContentBody.safeParse({ version: 1, at: '2026-11-24 10:00' }).success).toBe(false);
  });
});
