import { describe, expect, it } from 'vitest';
import { checkFile } from './check-file';

const limits = { maxBytes: 500 * 1024 * 1024, maxSeconds: 180, accept: ['video/mp4'] };

describe('checks before an upload starts', () => {
  it('lets a video within the limits through', () => {
    expect(checkFile({ size: 10_000_000, type: 'video/mp4' }, 30, limits)).toBeNull();
    // A type the browser does not know is left to the server's judgement of the content.
    expect(checkFile({ size: 10_000_000, type: '' }, null, limits)).toBeNull();
  });

  it('refuses what says it is not a video, too large a file and too long a clip, each with its limit', () => {
    expect(checkFile({ size: 10, type: 'text/plain' }, null, limits)?.key).toBe('check.notVideo');
    expect(checkFile({ size: 500 * 1024 * 1024 + 1, type: 'video/mp4' }, 30, limits)).toEqual({ key: 'check.tooLarge', params: { max: 500 } });
    expect(checkFile({ size: 1_000, type: 'video/mp4' }, 181, limits)).toEqual({ key: 'check.tooLong', params: { max: 180 } });
    expect(checkFile({ size: 1_000, type: 'video/mp4' }, 180.4, limits)).toBeNull();
  });
});
