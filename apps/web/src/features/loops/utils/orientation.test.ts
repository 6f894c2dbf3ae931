import { describe, expect, it } from 'vitest';
import { orientationHint } from './orientation';

describe('orientationHint', () => {
  it('hints at a landscape or square frame, never at a vertical one', () => {
    expect(orientationHint({ width: 1920, height: 1080 })).toBe('landscape');
    expect(orientationHint({ width: 1080, height: 1080 })).toBe('square');
    expect(orientationHint({ width: 1080, height: 1920 })).toBeNull();
    // Vertical but not 9:16 (3:4) is still a vertical clip.
    expect(orientationHint({ width: 720, height: 960 })).toBeNull();
  });

  it('says nothing when the browser could not read the frame', () => {
    expect(orientationHint({ width: null, height: null })).toBeNull();
    expect(orientationHint({ width: 1920, height: null })).toBeNull();
  });
});
