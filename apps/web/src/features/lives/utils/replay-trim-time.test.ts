import { describe, expect, it } from 'vitest';
import { formatClock, parseClock, trimRange } from './replay-trim-time';

describe('trim dialog times', () => {
  it('reads m:ss, h:mm:ss and plain seconds, and refuses anything else', () => {
    expect(parseClock('0:05')).toBe(5);
    expect(parseClock(' 12:30 ')).toBe(750);
    expect(parseClock('1:02:03')).toBe(3723);
    expect(parseClock('75')).toBe(75);
    for (const bad of ['', '1:60', '-1', '1.5', 'a:bc', '1::2', '1:2:3:4']) expect(parseClock(bad), bad).toBeNull();
  });

  it('writes whole seconds as m:ss, with hours from an hour on', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(12.9)).toBe('0:12');
    expect(formatClock(750)).toBe('12:30');
    expect(formatClock(3723)).toBe('1:02:03');
  });

  it('answers the range to send, the length as the very end, or what is wrong', () => {
    expect(trimRange('0:05', '0:12', 12.4, 1)).toEqual({ startSeconds: 5, endSeconds: 12.4 });
    expect(trimRange('0:02', '0:08', 12.4, 1)).toEqual({ startSeconds: 2, endSeconds: 8 });
    expect(trimRange('0:05', 'x', 12.4, 1)).toEqual({ problem: 'invalidTime' });
    expect(trimRange('0:08', '0:05', 12.4, 1)).toEqual({ problem: 'invalidRange' });
    expect(trimRange('0:00', '0:13', 12.4, 1)).toEqual({ problem: 'invalidRange' });
    expect(trimRange('0:05', '0:05', 12.4, 1)).toEqual({ problem: 'invalidRange' });
    expect(trimRange('0:00', '0:12', 12.4, 1)).toEqual({ problem: 'unchanged' });
    expect(trimRange('0:05', '0:06', 12.4, 2)).toEqual({ problem: 'tooShort' });
  });
});
