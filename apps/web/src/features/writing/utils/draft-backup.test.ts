// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { backupKey, clearBackup, type EditorDraft, readBackup, recoveryFor, writeBackup } from './draft-backup';

const draft = (title: string, body = '<p>x</p>'): EditorDraft => ({ title, body, coverImageId: null, coverImageUrl: null });

describe('draft backup', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips through localStorage per channel and content, and ignores what is not a backup', () => {
    const key = backupKey(3, 41);
    expect(key).not.toBe(backupKey(3, null));
    writeBackup(key, { draft: draft('a'), baseVersion: 2, at: 5 });
    expect(readBackup(key)).toEqual({ draft: draft('a'), baseVersion: 2, at: 5 });
    clearBackup(key);
    expect(readBackup(key)).toBeNull();
    localStorage.setItem(key, '{"draft":{"title":1}}');
    expect(readBackup(key)).toBeNull();
    localStorage.setItem(key, 'not json');
    expect(readBackup(key)).toBeNull();
  });

  it('restores a backup made on the version the server still has', () => {
    const backup = { draft: draft('typed after the last save'), baseVersion: 4, at: 1 };
    expect(recoveryFor(backup, { draft: draft('saved'), version: 4 })).toEqual({ kind: 'restore', draft: backup.draft });
  });

  it('asks when the server moved on since the backup was made', () => {
    const backup = { draft: draft('mine'), baseVersion: 4, at: 1 };
    expect(recoveryFor(backup, { draft: draft('theirs'), version: 5 })).toEqual({ kind: 'conflict', draft: backup.draft });
  });

  it('has nothing to recover when the backup equals the server text, or there is none', () => {
    expect(recoveryFor({ draft: draft('same'), baseVersion: 1, at: 1 }, { draft: draft('same'), version: 9 })).toEqual({ kind: 'none' });
    expect(recoveryFor(null, { draft: draft('x'), version: 1 })).toEqual({ kind: 'none' });
  });

  it('restores an unsaved new draft unless it is empty', () => {
    expect(recoveryFor({ draft: draft('new one'), baseVersion: null, at: 1 }, null)).toMatchObject({ kind: 'restore' });
    expect(recoveryFor({ draft: draft('', ''), baseVersion: null, at: 1 }, null)).toEqual({ kind: 'none' });
  });
});
