import { describe, expect, it } from 'vitest';
import { RESTREAM_RETRY_ATTEMPTS, RESTREAM_RETRY_FIRST_MS, RESTREAM_RETRY_MAX_MS } from '@studio/contract/restream';
import { backoffMs, failureOf } from './restream-forwarder';

describe('restream backoff', () => {
  it('waits 2, 4, 8, 16, 32 s, then 60 s at most', () => {
    const policy = { firstMs: RESTREAM_RETRY_FIRST_MS, maxMs: RESTREAM_RETRY_MAX_MS, attempts: RESTREAM_RETRY_ATTEMPTS };
    expect(Array.from({ length: 8 }, (_, i) => backoffMs(policy, i + 1) / 1000)).toEqual([2, 4, 8, 16, 32, 60, 60, 60]);
  });
});

describe("a target's failure from ffmpeg's last words", () => {
  // What Debian's ffmpeg 5.1 writes (the address and key in them never leave failureOf).
  it('names refused connections, unknown hosts, timeouts, refusals, closed connections and TLS', () => {
    expect(failureOf('[tcp @ 0x1] Connection to tcp://127.0.0.1:1?tcp_nodelay=0 failed: Connection refused\nrtmp://127.0.0.1:1/app/k: Connection refused')).toBe('CONNECTION_REFUSED');
    expect(failureOf('[tcp @ 0x1] Failed to resolve hostname nope.invalid: Name or service not known\nrtmp://nope.invalid/app/k: Input/output error')).toBe('HOST_NOT_FOUND');
    expect(failureOf('[tcp @ 0x1] Connection to tcp://10.255.255.1:1935 failed: Connection timed out')).toBe('TIMED_OUT');
    expect(failureOf('[rtmp @ 0x1] Server error: Stream key refused.\nrtmp://x/app/k: Operation not permitted')).toBe('REJECTED');
    expect(failureOf('[flv @ 0x1] Failed to update header with correct duration.\nav_interleaved_write_frame(): Broken pipe')).toBe('CLOSED');
    expect(failureOf('[tls @ 0x1] The TLS connection was non-properly terminated.')).toBe('TLS');
    expect(failureOf('something else')).toBe('UNKNOWN');
  });
});
