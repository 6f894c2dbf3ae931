import { describe, expect, it } from 'vitest';
import { RESTREAM_RETRY_ATTEMPTS, RESTREAM_RETRY_FIRST_MS, RESTREAM_RETRY_MAX_MS } from '@studio/contract/restream';
import { backoffMs } from './restream-forwarder';
import { reasonOfSocketError } from './rtmp-publisher';

describe('restream backoff', () => {
  it('waits 2, 4, 8, 16, 32 s, then 60 s at most', () => {
    const policy = { firstMs: RESTREAM_RETRY_FIRST_MS, maxMs: RESTREAM_RETRY_MAX_MS, attempts: RESTREAM_RETRY_ATTEMPTS };
    expect(Array.from({ length: 8 }, (_, i) => backoffMs(policy, i + 1) / 1000)).toEqual([2, 4, 8, 16, 32, 60, 60, 60]);
  });
});

describe("a target's failure from its socket's error", () => {
  it('names refused connections, unknown hosts, timeouts, closed connections and TLS', () => {
    const error = (code: string, extra: object = {}) => Object.assign(new Error('x'), { code }, extra);
    expect(reasonOfSocketError(error('ECONNREFUSED'))).toBe('CONNECTION_REFUSED');
    expect(reasonOfSocketError(error('ENOTFOUND'))).toBe('HOST_NOT_FOUND');
    expect(reasonOfSocketError(error('EAI_AGAIN'))).toBe('HOST_NOT_FOUND');
    expect(reasonOfSocketError(error('ETIMEDOUT'))).toBe('TIMED_OUT');
    expect(reasonOfSocketError(error('DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe('TLS');
    expect(reasonOfSocketError(error('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe('TLS');
    expect(reasonOfSocketError(error('ERR_SSL_WRONG_VERSION_NUMBER', { library: 'SSL routines' }))).toBe('TLS');
    expect(reasonOfSocketError(error('ECONNRESET'))).toBe('CLOSED');
    expect(reasonOfSocketError(error('EPIPE'))).toBe('CLOSED');
    expect(reasonOfSocketError(new Error('something else'))).toBe('UNKNOWN');
  });
});
