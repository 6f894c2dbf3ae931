import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { asResult } from './result';

const refusal = (code: string, status = 400) => new ApiError({ status, code, message: code });
const unauthorized = refusal('AUTH_UNAUTHORIZED', 401);
const fieldCodes: ReadonlySet<string> = new Set(['ACCOUNT_NOT_FOUND', 'ALREADY_MEMBER']);

describe('asResult', () => {
  it('gives the value of a call that succeeds', async () => {
    await expect(asResult(Promise.resolve(7), fieldCodes)).resolves.toEqual({ ok: true, value: 7 });
  });

  it('gives an expected refusal back as a value', async () => {
    const error = refusal('ALREADY_MEMBER', 409);
    await expect(asResult(Promise.reject(error), fieldCodes)).resolves.toEqual({ ok: false, error });
  });

  it('throws a refusal the caller did not expect, for the shared handler', async () => {
    const error = refusal('CHANNEL_NOT_FOUND', 404);
    await expect(asResult(Promise.reject(error), fieldCodes)).rejects.toBe(error);
  });

  it('throws a 401, even where every refusal is expected or the code is listed', async () => {
    await expect(asResult(Promise.reject(unauthorized), 'anyRefusal')).rejects.toBe(unauthorized);
    await expect(asResult(Promise.reject(unauthorized), new Set(['AUTH_UNAUTHORIZED']))).rejects.toBe(unauthorized);
  });

  it('takes every other API refusal, a server failure or a timeout too, when every refusal is expected', async () => {
    for (const error of [refusal('LIVE_STATE_CHANGED', 409), refusal('INTERNAL_ERROR', 500), refusal('CLIENT_TIMEOUT', 0)]) {
      await expect(asResult(Promise.reject(error), 'anyRefusal')).resolves.toEqual({ ok: false, error });
    }
  });

  it('throws what is not an API refusal (a bug), whatever is expected', async () => {
    const bug = new TypeError('x is undefined');
    await expect(asResult(Promise.reject(bug), 'anyRefusal')).rejects.toBe(bug);
  });
});
