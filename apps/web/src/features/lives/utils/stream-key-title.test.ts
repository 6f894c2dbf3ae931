import { describe, expect, it } from 'vitest';
import {
  canAddStreamKey,
  canFinishStreamKeyEdit,
  streamKeyRename,
  streamKeyTitleInput,
  streamKeyTitleLength,
  streamKeyTitleToSend,
} from './stream-key-title';

describe('stream key title rules (spec section 5)', () => {
  it('strips line breaks from typed and pasted text', () => {
    expect(streamKeyTitleInput('아침\n방송')).toBe('아침방송');
    expect(streamKeyTitleInput('a\r\nb\rc\n')).toBe('abc');
  });

  it('ignores input past 20 characters, counting characters, not UTF-16 units', () => {
    const twenty = '가나다라마바사아자차카타파하가나다라마바';
    expect(streamKeyTitleLength(twenty)).toBe(20);
    expect(streamKeyTitleInput(twenty)).toBe(twenty);
    expect(streamKeyTitleInput(`${twenty}사아`)).toBe(twenty);
    const emoji = '🎥'.repeat(25);
    expect(streamKeyTitleInput(emoji)).toBe('🎥'.repeat(20));
    expect(streamKeyTitleLength(streamKeyTitleInput(emoji))).toBe(20);
    // Newlines do not count towards the 20: they are stripped first.
    expect(streamKeyTitleInput(`${'a'.repeat(10)}\n${'b'.repeat(10)}`)).toBe(`${'a'.repeat(10)}${'b'.repeat(10)}`);
  });

  it('counts x of x/20 in characters', () => {
    expect(streamKeyTitleLength('')).toBe(0);
    expect(streamKeyTitleLength('방송 1')).toBe(4);
    expect(streamKeyTitleLength('🎥🎥')).toBe(2);
  });

  it('disables Add for a blank trimmed title and trims before sending', () => {
    expect(canAddStreamKey('')).toBe(false);
    expect(canAddStreamKey('   ')).toBe(false);
    expect(canAddStreamKey(' 메인 ')).toBe(true);
    expect(streamKeyTitleToSend('  메인 키  ')).toBe('메인 키');
  });

  it('sends nothing when the trimmed title is unchanged', () => {
    expect(streamKeyRename('메인', '메인')).toBeNull();
    expect(streamKeyRename('메인', '  메인 ')).toBeNull();
    expect(streamKeyRename('메인', '메인 2 ')).toBe('메인 2');
  });

  it('disables Done while the key is live or the trimmed title is blank', () => {
    expect(canFinishStreamKeyEdit('메인', false)).toBe(true);
    expect(canFinishStreamKeyEdit('메인', true)).toBe(false);
    expect(canFinishStreamKeyEdit('  ', false)).toBe(false);
  });
});
