import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range';

describe('parseRange', () => {
  it('reads the three forms of one byte range', () => {
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-')).toEqual({ start: 100 });
    expect(parseRange('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseRange('bytes=-0')).toEqual({ suffix: 0 });
  });

  it('asks for the whole object when the header is absent, of another unit, several ranges or malformed', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=-', 'bytes=5-1', 'bytes=a-b', 'bytes=99999999999999999999-']) {
      expect(parseRange(header), String(header)).toBeUndefined();
    }
  });
});
