import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ContentDetail } from '@studio/contract/content';
import { isApiError } from '../../../lib/api-error';
import { contentKeys } from '../api/content-keys';
import { getContent } from '../api/get-content';
import { createArticle, updateContent } from '../api/save-content';
import { type AutosaveQueue, type AutosaveStatus, createAutosaveQueue, type ErrorVerdict } from '../utils/autosave-queue';
import { backupKey, clearBackup, type EditorDraft, readBackup, recoveryFor, sameDraft, writeBackup } from '../utils/draft-backup';
import type { EditorSessionState } from './use-leave-guard';

/** The page's one autosave queue; replacing it disposes the previous one. */
class QueueHolder {
  current: AutosaveQueue<EditorDraft> | null = null;
  replace(next: AutosaveQueue<EditorDraft> | null) {
    this.current?.dispose();
    this.current = next;
  }
  /** Read when leaving, so typing re-renders nothing for it; one function for the page's life, so the leave guard installs once. */
  readonly hasUnsaved = (): boolean => {
    const queue = this.current;
    return !!queue && (queue.hasUnsaved() || queue.status().kind === 'conflict');
  };
}

export function draftOf(content: ContentDetail): EditorDraft {
  return { title: content.title, body: content.body, coverImageId: content.coverImage?.id ?? null, coverImageUrl: content.coverImage?.url ?? null };
}

const emptyDraft: EditorDraft = { title: '', body: '', coverImageId: null, coverImageUrl: null };

function classify(error: unknown): ErrorVerdict {
  if (!isApiError(error)) return 'retry';
  if (error.status === 409 && error.code === 'CONTENT_VERSION_CONFLICT') return 'conflict';
  // No answer, a timeout, an overloaded or failing server: the text waits and is sent again.
  if (error.status === 0 || error.status === 429 || error.status >= 500) return 'retry';
  return 'refused';
}

/** Why saving stopped, for the status line: the server's code text, or the error's message. */
export type Conflict = { source: 'save' } | { source: 'backup'; draft: EditorDraft };

type Options = { channelId: number; content: ContentDetail | null; session: string };

/**
 * The article's text and its way to the server: what is shown, the autosave
 * queue, the browser backup, and what a reload or a second tab brings back.
 */
export function useArticleAutosave({ channelId, content, session }: Options) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const contentIdRef = useRef<number | null>(content?.id ?? null);
  const [contentId, setContentId] = useState<number | null>(content?.id ?? null);
  // The queue is made when the page mounts (and anew after a reload from the server); only handlers and effects touch it.
  const [queues] = useState(() => new QueueHolder());
  const serverDraft = content ? draftOf(content) : emptyDraft;

  // What a reload, a crash or a closed tab left in this browser, decided once when the page opens.
  const [initial] = useState(() => {
    const backup = readBackup(backupKey(channelId, content?.id ?? null));
    const recovery = recoveryFor(backup, content ? { draft: serverDraft, version: content.version } : null);
    return { recovery, draft: recovery.kind === 'restore' ? recovery.draft : serverDraft };
  });
  const [draft, setDraft] = useState<EditorDraft>(initial.draft);
  const draftRef = useRef(draft);
  const [resetKey, setResetKey] = useState(0);
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle', savedAt: content?.updatedAt ?? null });
  const [refusal, setRefusal] = useState<unknown>(null);
  const [conflict, setConflict] = useState<Conflict | null>(initial.recovery.kind === 'conflict' ? { source: 'backup', draft: initial.recovery.draft } : null);
  const [restored, setRestored] = useState(initial.recovery.kind === 'restore');

  const key = () => backupKey(channelId, contentIdRef.current);

  const makeQueue = (version: number | null, savedAt: string | null): AutosaveQueue<EditorDraft> =>
    createAutosaveQueue<EditorDraft>({
      version,
      savedAt,
      classify,
      save: async (value, base) => {
        if (contentIdRef.current === null || base === null) {
          const created = await createArticle(channelId, { title: value.title, body: value.body, coverImageId: value.coverImageId });
          const previousKey = key();
          contentIdRef.current = created.id;
          setContentId(created.id);
          queryClient.setQueryData(contentKeys.detail(channelId, created.id), created);
          // The backup follows the draft to its new address.
          clearBackup(previousKey);
          writeBackup(key(), { draft: draftRef.current, baseVersion: created.version, at: Date.now() });
          void navigate(`/editor/${channelId}/${created.id}`, { replace: true, state: { editorSession: session } satisfies EditorSessionState });
          return { version: created.version, savedAt: created.updatedAt };
        }
        const updated = await updateContent(channelId, contentIdRef.current, {
          version: base,
          title: value.title,
          body: value.body,
          coverImageId: value.coverImageId,
        });
        queryClient.setQueryData(contentKeys.detail(channelId, updated.id), updated);
        return { version: updated.version, savedAt: updated.updatedAt };
      },
      onStatus: (next) => {
        setStatus(next);
        if (next.kind === 'conflict') setConflict({ source: 'save' });
        if (next.kind === 'refused') setRefusal(next.error);
      },
      onSettled: (value) => {
        if (sameDraft(value, draftRef.current)) clearBackup(key());
        else writeBackup(key(), { draft: draftRef.current, baseVersion: queues.current?.version() ?? null, at: Date.now() });
      },
    });


  useEffect(() => {
    // Development's strict mode unmounts once and mounts again: the queue is made on each mount.
    queues.replace(makeQueue(content?.version ?? null, content?.updatedAt ?? null));
    const queue = queues.current;
    // A restored backup continues the server's version: send it.
    if (initial.recovery.kind === 'restore') queue?.edit(initial.draft);
    const online = () => queues.current?.retryNow();
    // Leaving the tab: send what waits now rather than after the quiet period.
    const hidden = () => {
      if (document.visibilityState === 'hidden') void queues.current?.flush();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', hidden);
      queues.replace(null);
    };
    // Once per page: the queue lives as long as the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const edit = useCallback(
    (change: Partial<EditorDraft>) => {
      const next = { ...draftRef.current, ...change };
      draftRef.current = next;
      setDraft(next);
      writeBackup(key(), { draft: next, baseVersion: queues.current?.version() ?? null, at: Date.now() });
      queues.current?.edit(next);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [channelId],
  );

  /** Replaces the shown text without it counting as typing (the body editor is reset too). */
  const show = (value: EditorDraft) => {
    draftRef.current = value;
    setDraft(value);
    setResetKey((current) => current + 1);
  };

  async function latestFromServer(): Promise<ContentDetail | null> {
    if (contentIdRef.current === null) return null;
    const fresh = await getContent(channelId, contentIdRef.current);
    queryClient.setQueryData(contentKeys.detail(channelId, fresh.id), fresh);
    return fresh;
  }

  /** Conflict answer 1: drop this tab's text and show the server's. */
  async function reloadFromServer() {
    const fresh = await latestFromServer();
    queues.replace(makeQueue(fresh?.version ?? null, fresh?.updatedAt ?? null));
    clearBackup(key());
    show(fresh ? draftOf(fresh) : emptyDraft);
    setStatus({ kind: 'idle', savedAt: fresh?.updatedAt ?? null });
    setConflict(null);
    setRestored(false);
  }

  /** Conflict answer 2: keep this tab's text and save it over the newer version. */
  async function keepMine() {
    const current = conflict;
    const fresh = await latestFromServer();
    if (!fresh) return;
    setConflict(null);
    if (current?.source === 'backup') {
      show(current.draft);
      writeBackup(key(), { draft: current.draft, baseVersion: fresh.version, at: Date.now() });
      queues.current?.edit(current.draft);
    } else {
      queues.current?.keepMine(fresh.version);
    }
  }

  /** The "restored" notice's discard: back to the server's text, saved as it is. */
  function discardRestored() {
    setRestored(false);
    const server = content ? draftOf(content) : emptyDraft;
    show(server);
    if (content) queues.current?.edit(server);
    else {
      queues.replace(makeQueue(null, null));
      clearBackup(key());
      setStatus({ kind: 'idle', savedAt: null });
    }
  }

  return {
    draft,
    resetKey,
    status,
    refusal,
    conflict,
    restored,
    edit,
    reloadFromServer,
    keepMine,
    discardRestored,
    contentId,
    /** For handlers that run across a save (publishing right after the first save made the draft). */
    latestContentId: () => contentIdRef.current,
    queue: () => queues.current,
    hasUnsaved: queues.hasUnsaved,
  };
}
