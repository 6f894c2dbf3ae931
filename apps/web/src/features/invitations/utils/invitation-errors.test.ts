import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { answerFailure, loadFailure } from './invitation-errors';
import { parseInvitationHash } from './invitation-hash';

const apiError = (status: number, code: string) => new ApiError({ status, code, message: code });

describe('invitation failures (spec section 8)', () => {
  it('asks to check the account only for the unauthorized code of the same kind', () => {
    expect(loadFailure('INVITE', apiError(403, 'INVITE_UNAUTHORIZED'))).toBe('account');
    expect(loadFailure('TRANSFER', apiError(403, 'TRANSFER_UNAUTHORIZED'))).toBe('account');
    expect(loadFailure('INVITE', apiError(409, 'INVITE_NOT_PENDING'))).toBe('expired');
    expect(loadFailure('INVITE', apiError(404, 'NOT_FOUND'))).toBe('expired');
    expect(loadFailure('INVITE', apiError(500, 'INTERNAL_ERROR'))).toBe('expired');
    expect(loadFailure('TRANSFER', new Error('offline'))).toBe('expired');
  });

  it('reads accept failures: 5xx temporary, CHANNEL_NOT_SERVICE cancelled, anything else expired', () => {
    expect(answerFailure(apiError(500, 'INTERNAL_ERROR'))).toBe('temporary');
    expect(answerFailure(apiError(503, 'UNKNOWN_ERROR'))).toBe('temporary');
    expect(answerFailure(apiError(409, 'CHANNEL_NOT_SERVICE'))).toBe('channelNotService');
    expect(answerFailure(apiError(409, 'INVITE_NOT_PENDING'))).toBe('expired');
    expect(answerFailure(apiError(403, 'INVITE_UNAUTHORIZED'))).toBe('expired');
    expect(answerFailure(apiError(0, 'CLIENT_NETWORK'))).toBe('expired');
  });
});

describe('parseInvitationHash', () => {
  it('reads the invite or transfer id from the alarm page hash', () => {
    expect(parseInvitationHash('#inviteObjectId=12')).toEqual({ kind: 'INVITE', id: 12 });
    expect(parseInvitationHash('#transferObjectId=3')).toEqual({ kind: 'TRANSFER', id: 3 });
    expect(parseInvitationHash('')).toBeNull();
    expect(parseInvitationHash('#inviteObjectId=abc')).toBeNull();
    expect(parseInvitationHash('#inviteObjectId=0')).toBeNull();
    expect(parseInvitationHash('#other=1')).toBeNull();
  });
});
