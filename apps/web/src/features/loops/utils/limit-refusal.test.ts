import { describe, expect, it } from 'vitest';
import { limitRefusal } from './limit-refusal';

describe('limitRefusal', () => {
  it('words the bound on unfinished uploads with the numbers the server sent', () => {
    expect(limitRefusal('LOOP_UPLOADS_LIMIT_REACHED', { unfinished: 3, maxUnfinished: 3 }, 'ko')).toEqual({ key: 'limit.uploads', params: { unfinished: 3, max: 3 } });
  });

  it('words the bound on bytes in the reader’s units', () => {
    const mb = 1024 * 1024;
    expect(limitRefusal('LOOP_UPLOAD_BYTES_LIMIT_REACHED', { unfinishedBytes: 800 * mb, requestedBytes: 400 * mb, maxUnfinishedBytes: 1000 * mb }, 'en')).toEqual({
      key: 'limit.bytes',
      params: { unfinished: '800 MB', requested: '400 MB', max: '1,000 MB' },
    });
  });

  it('leaves other failures, and a refusal without its numbers, to the code’s own text', () => {
    expect(limitRefusal('LOOP_NOT_VIDEO', null, 'ko')).toBeNull();
    expect(limitRefusal('LOOP_UPLOADS_LIMIT_REACHED', null, 'ko')).toBeNull();
    expect(limitRefusal(null, null, 'ko')).toBeNull();
  });
});
