import { describe, expect, it } from 'vitest';
import { formatMessage, messageArguments } from './message-format';

describe('message format', () => {
  it('fills named arguments and keeps a missing one visible', () => {
    expect(formatMessage('{name} 님을 내보냈습니다.', { name: '김' }, 'ko')).toBe('김 님을 내보냈습니다.');
    expect(formatMessage('Hello {name}', {}, 'en')).toBe('Hello {name}');
    expect(formatMessage('no arguments', undefined, 'en')).toBe('no arguments');
  });

  it('picks the plural form by the language rules, with exact matches first and # as the number', () => {
    const text = '{count, plural, =0 {No channel} one {# managed channel} other {# managed channels}}';
    expect(formatMessage(text, { count: 0 }, 'en')).toBe('No channel');
    expect(formatMessage(text, { count: 1 }, 'en')).toBe('1 managed channel');
    expect(formatMessage(text, { count: 1200 }, 'en')).toBe('1,200 managed channels');
    // Korean has only "other".
    expect(formatMessage('{count, plural, other {관리 채널 #개}}', { count: 1 }, 'ko')).toBe('관리 채널 1개');
  });

  it('selects by value, falling back to other, and nests arguments inside options', () => {
    const text = '{role, select, OWNER {the owner of {channel}} other {a member of {channel}}}';
    expect(formatMessage(text, { role: 'OWNER', channel: 'Studio Daily' }, 'en')).toBe('the owner of Studio Daily');
    expect(formatMessage(text, { role: 'X', channel: 'Studio Daily' }, 'en')).toBe('a member of Studio Daily');
  });

  it('rejects a malformed text loudly instead of showing half of it', () => {
    expect(() => formatMessage('{count, plural, one {x}}', { count: 1 }, 'en')).toThrow(SyntaxError);
    expect(() => formatMessage('{name', { name: 'x' }, 'en')).toThrow(SyntaxError);
  });

  it('lists the argument names a text uses, nested ones included', () => {
    expect(messageArguments('{a} {n, plural, one {{b}} other {{c} #}}')).toEqual(['a', 'b', 'c', 'n']);
  });
});
