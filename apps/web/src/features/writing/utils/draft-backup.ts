/**
 * A copy of the editor's text in this browser, written on every change and
 * dropped once the server has it: what a reload, a closed tab or a crash
 * would otherwise lose between two autosaves.
 */

export type EditorDraft = { title: string; body: string; coverImageId: number | null; coverImageUrl: string | null };

export type DraftBackup = {
  draft: EditorDraft;
  /** The server version the text was based on; null for a draft the server has not seen yet. */
  baseVersion: number | null;
  at: number;
};

const PREFIX = 'studio.writing.backup';

export function backupKey(channelId: number, contentId: number | null): string {
  return `${PREFIX}:${channelId}:${contentId ?? 'new'}`;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function isDraft(value: unknown): value is EditorDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.title === 'string' &&
    typeof draft.body === 'string' &&
    (draft.coverImageId === null || typeof draft.coverImageId === 'number') &&
    (draft.coverImageUrl === null || typeof draft.coverImageUrl === 'string')
  );
}

export function readBackup(key: string): DraftBackup | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<DraftBackup>;
    if (!isDraft(parsed.draft) || !(parsed.baseVersion === null || typeof parsed.baseVersion === 'number') || typeof parsed.at !== 'number') return null;
    return { draft: parsed.draft, baseVersion: parsed.baseVersion, at: parsed.at };
  } catch {
    return null;
  }
}

export function writeBackup(key: string, backup: DraftBackup): void {
  try {
    storage()?.setItem(key, JSON.stringify(backup));
  } catch {
    // A full or blocked storage only loses the extra safety; the server copy still follows.
  }
}

export function clearBackup(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export function sameDraft(a: EditorDraft, b: EditorDraft): boolean {
  return a.title === b.title && a.body === b.body && a.coverImageId === b.coverImageId;
}

export type Recovery =
  /** Nothing to recover: show the server's text. */
  | { kind: 'none' }
  /** The backup continues the server's version: show it and save it. */
  | { kind: 'restore'; draft: EditorDraft }
  /** The server moved on since the backup was made: the person chooses. */
  | { kind: 'conflict'; draft: EditorDraft };

/** What to do with a backup found when the editor opens on `server` (null: a new draft). */
export function recoveryFor(backup: DraftBackup | null, server: { draft: EditorDraft; version: number } | null): Recovery {
  if (!backup) return { kind: 'none' };
  if (!server) return backup.draft.title || backup.draft.body ? { kind: 'restore', draft: backup.draft } : { kind: 'none' };
  if (sameDraft(backup.draft, server.draft)) return { kind: 'none' };
  if (backup.baseVersion === server.version) return { kind: 'restore', draft: backup.draft };
  return { kind: 'conflict', draft: backup.draft };
}
