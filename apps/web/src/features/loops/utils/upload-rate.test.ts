import { describe, expect, it } from 'vitest';
import { addSample, bytesPerSecond, secondsLeft, type RateSample } from './upload-rate';

const feed = (points: [number, number][]) => points.reduce<RateSample[]>((samples, [at, bytes]) => addSample(samples, { at, bytes }), []);

describe('upload pace', () => {
  it('has no speed before a second of history', () => {
    expect(bytesPerSecond(feed([[0, 0], [500, 1_000]]))).toBeNull();
    expect(secondsLeft(feed([[0, 0], [500, 1_000]]), 10_000)).toBeNull();
  });

  it('measures the recent pace and the time left from it', () => {
    const samples = feed([[0, 0], [1_000, 1_000_000], [2_000, 2_000_000]]);
    expect(bytesPerSecond(samples)).toBe(1_000_000);
    expect(secondsLeft(samples, 10_000_000)).toBe(8);
  });

  it('forgets samples older than the window, so a slowdown shows at once', () => {
    const samples = feed([[0, 0], [1_000, 5_000_000], [7_000, 5_100_000], [8_000, 5_200_000]]);
    expect(samples.map((sample) => sample.at)).toEqual([7_000, 8_000]);
    expect(bytesPerSecond(samples)).toBe(100_000);
  });

  it('starts over when a resumed upload reports fewer bytes, and says nothing while stalled', () => {
    expect(feed([[0, 0], [1_000, 4_000], [2_000, 1_000]])).toEqual([{ at: 2_000, bytes: 1_000 }]);
    expect(secondsLeft(feed([[0, 5_000], [2_000, 5_000]]), 10_000)).toBeNull();
  });
});
