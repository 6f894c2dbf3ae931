import { describe, expect, it } from 'vitest';
import { LOOP_MAX_FRAME_SIDE } from '@studio/contract/constants';
import { checkFile } from './check-file';

const limits = { maxBytes: 500 * 1024 * 1024, maxSeconds: 180, accept: ['video/mp4'] };
const read = (durationSeconds: number | null, width: number | null = 1080, height: number | null = 1920) => ({ durationSeconds, width, height });

describe('checks before an upload starts', () => {
  it('lets a video within the limits through', () => {
    expect(checkFile({ size: 10_000_000, type: 'video/mp4' }, read(30), limits)).toBeNull();
    // A type the browser does not know is left to the server's judgement of the content.
    expect(checkFile({ size: 10_000_000, type: '' }, read(null), limits)).toBeNull();
  });

  it('refuses what says it is not a video, too large a file and too long a clip, each with its limit', () => {
    expect(checkFile({ size: 10, type: 'text/plain' }, read(null), limits)?.key).toBe('check.notVideo');
    expect(checkFile({ size: 500 * 1024 * 1024 + 1, type: 'video/mp4' }, read(30), limits)).toEqual({ key: 'check.tooLarge', params: { max: 500 } });
    expect(checkFile({ size: 1_000, type: 'video/mp4' }, read(181), limits)).toEqual({ key: 'check.tooLong', params: { max: 180 } });
    expect(checkFile({ size: 1_000, type: 'video/mp4' }, read(180.4), limits)).toBeNull();
  });

  it('refuses a frame wider or taller than the contract allows, where the browser can read it', () => {
    expect(checkFile({ size: 1_000, type: 'video/mp4' }, read(10, LOOP_MAX_FRAME_SIDE, LOOP_MAX_FRAME_SIDE), limits)).toBeNull();
    expect(checkFile({ size: 1_000, type: 'video/mp4' }, read(10, 16_000, 16_000), limits)).toEqual({ key: 'check.resolutionTooHigh', params: { max: LOOP_MAX_FRAME_SIDE } });
    expect(checkFile({ size: 1_000, type: 'video/mp4' }, read(10, 64, LOOP_MAX_FRAME_SIDE + 2), limits)?.key).toBe('check.resolutionTooHigh');
    // A clip the browser cannot play is left to the server.
    expect(checkFile({ size: 1_000, type: 'video/mp4' }, read(null, null, null), limits)).toBeNull();
  });
});
