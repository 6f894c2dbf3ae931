import { describe, expect, it } from 'vitest';
import { inviteDeadline, isPastDeadline, transferDeadline, transition } from './invitation-state';

describe('transition', () => {
  it.each([
    ['PENDING', 'ACCEPT', { kind: 'move', to: 'ACCEPTED', automatic: false }],
    ['PENDING', 'DECLINE', { kind: 'move', to: 'DECLINED', automatic: false }],
    ['PENDING', 'CANCEL', { kind: 'move', to: 'CANCELLED', automatic: false }],
    ['PENDING', 'EXPIRE', { kind: 'move', to: 'DECLINED', automatic: true }],
    ['ACCEPTED', 'ACCEPT', { kind: 'repeat' }],
    ['ACCEPTED', 'DECLINE', { kind: 'refuse' }],
    ['ACCEPTED', 'CANCEL', { kind: 'refuse' }],
    ['ACCEPTED', 'EXPIRE', { kind: 'repeat' }],
    ['DECLINED', 'ACCEPT', { kind: 'refuse' }],
    ['DECLINED', 'DECLINE', { kind: 'repeat' }],
    ['DECLINED', 'CANCEL', { kind: 'refuse' }],
    ['DECLINED', 'EXPIRE', { kind: 'repeat' }],
    ['CANCELLED', 'ACCEPT', { kind: 'refuse' }],
    ['CANCELLED', 'DECLINE', { kind: 'repeat' }],
    ['CANCELLED', 'CANCEL', { kind: 'repeat' }],
    ['CANCELLED', 'EXPIRE', { kind: 'repeat' }],
  ] as const)('%s + %s', (status, event, expected) => {
    expect(transition(status, event)).toEqual(expected);
  });
});

describe('deadlines', () => {
  const created = new Date('2026-11-22T03:00:00Z');

  it('gives owner invites 30 days and manager invites none', () => {
    expect(inviteDeadline('OWNER', created)).toEqual(new Date('2026-12-22T03:00:00Z'));
    expect(inviteDeadline('MANAGER', created)).toBeNull();
    expect(inviteDeadline('CREDIT_MANAGER', created)).toBeNull();
  });

  it('gives transfers 7 days', () => {
    expect(transferDeadline(created)).toEqual(new Date('2026-11-29T03:00:00Z'));
  });

  it('counts the deadline instant itself as past', () => {
    const deadline = transferDeadline(created);
    expect(isPastDeadline(deadline, new Date(deadline.getTime() - 1))).toBe(false);
    expect(isPastDeadline(deadline, deadline)).toBe(true);
    expect(isPastDeadline(null, new Date('2100-01-01T00:00:00Z'))).toBe(false);
  });
});
