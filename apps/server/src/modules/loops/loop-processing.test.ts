import { describe, expect, it } from 'vitest';
import { uploadedVideoInputArgs } from '../../media/media-tools';
import { renditionArgs } from './loop-processing';

describe("a loop's transcode", () => {
  it('opens the upload only as one of the accepted containers, from the local file alone, like the probe', () => {
    const args = renditionArgs('/data/source', '/data/out.mp4', { width: 540, height: 960, streamIndex: 0 }, 180);
    const input = args.indexOf('-i');
    expect(args[input + 1]).toBe('/data/source');
    // Input options count only before their input.
    const before = args.slice(0, input).join(' ');
    expect(before).toContain('-format_whitelist mov,matroska -protocol_whitelist file');
  });

  it('reads an object of the bucket offered on loopback over plain HTTP only, and a local file from the disk only', () => {
    expect(uploadedVideoInputArgs('http://127.0.0.1:41234/token')).toEqual(['-format_whitelist', 'mov,matroska', '-protocol_whitelist', 'http,tcp']);
    expect(uploadedVideoInputArgs('/data/uploads/loops/id')).toEqual(['-format_whitelist', 'mov,matroska', '-protocol_whitelist', 'file']);
  });
});
