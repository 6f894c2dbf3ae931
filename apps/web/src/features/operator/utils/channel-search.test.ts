import { describe, expect, it } from 'vitest';
import { formatLabels, parseLabels, readAuditSearch, readChannelSearch, toSearchParams } from './channel-search';

describe('operator searches in the address', () => {
  it('reads what is valid and drops the rest', () => {
    expect(readChannelSearch(new URLSearchParams('q=%20뉴스%20&status=STOP&page=2'))).toEqual({ q: '뉴스', status: 'STOP', page: 2 });
    expect(readChannelSearch(new URLSearchParams('status=NOPE&page=-1'))).toEqual({ q: '', status: '', page: 0 });
    expect(readAuditSearch(new URLSearchParams('action=NOTICE_CREATE&objectType=notice&objectId=01'))).toEqual({ action: 'NOTICE_CREATE', page: 0 });
  });

  it('writes only what is set', () => {
    expect(toSearchParams({ q: '', status: 'STOP', page: 0 }).toString()).toBe('status=STOP');
  });
});

describe('labels typed as code:name lines', () => {
  it('reads them, and refuses what the server would refuse', () => {
    expect(parseLabels('NEWS:뉴스\n\n  PICK : 추천 ')).toEqual([
      { code: 'NEWS', name: '뉴스' },
      { code: 'PICK', name: '추천' },
    ]);
    expect(parseLabels('')).toEqual([]);
    expect(parseLabels('bad code:x')).toBeNull();
    expect(parseLabels('NOCOLON')).toBeNull();
    expect(parseLabels(Array.from({ length: 11 }, (_, i) => `L${i}:x`).join('\n'))).toBeNull();
    expect(formatLabels([{ code: 'NEWS', name: '뉴스' }])).toBe('NEWS:뉴스');
  });
});
