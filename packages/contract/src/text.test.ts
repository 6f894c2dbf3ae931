import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { characterCount, text } from './text';

describe('text', () => {
  const title = text({ max: 5 });
  const body = text({ min: 1, max: 10, multiline: true });

  it('counts characters, not UTF-16 units: an emoji at the limit fits, one more does not', () => {
    expect(characterCount('👍🏽ab')).toBe(4);
    expect(title.parse('😀😀😀😀😀')).toBe('😀😀😀😀😀');
    expect(title.safeParse('😀😀😀😀😀😀').success).toBe(false);
    expect(title.safeParse('abcdef').success).toBe(false);
  });

  it('refuses what PostgreSQL cannot store: NUL and lone surrogates', () => {
    expect(title.safeParse('a\u0000b').success).toBe(false);
    expect(title.safeParse('a\uD800').success).toBe(false);
    expect(title.safeParse('\uDC00a').success).toBe(false);
    expect(title.safeParse('\uD83D\uDE00').success).toBe(true);
  });

  it('keeps one-line fields on one line, and allows line breaks where multiline', () => {
    expect(title.safeParse('a\nb').success).toBe(false);
    expect(title.safeParse('a\u001bb').success).toBe(false);
    expect(body.parse('a\r\nb\tc')).toBe('a\r\nb\tc');
    expect(body.safeParse('a\u0007b').success).toBe(false);
  });

  it('trims before checking the bounds, unless told not to', () => {
    expect(title.parse('  abc  ')).toBe('abc');
    expect(body.safeParse('   ').success).toBe(false);
    expect(text({ max: 3, trim: false }).safeParse(' ab ').success).toBe(false);
  });

  it('publishes its bounds in the JSON schema', () => {
    expect(z.toJSONSchema(z.object({ title }), { io: 'input' })).toMatchObject({
      properties: { title: { type: 'string', minLength: 0, maxLength: 5 } },
    });
  });
});
