import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ApplicationDraft } from '@studio/contract/application';
import { saveDraft, saveDraftOnExit } from '../api/save-draft';

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed' };

const DEBOUNCE_MS = 600;

/**
 * Keeps the server's draft in step with the form: a save shortly after typing
 * stops, one last save as the page goes away, and a flag for whether anything
 * typed is not on the server yet (the leave warnings read it).
 */
export function useDraftAutosave(current: ApplicationDraft, initialSavedAt: string | null, enabled: boolean) {
  const serialized = JSON.stringify(current);
  const [savedJson, setSavedJson] = useState(serialized);
  const [state, setState] = useState<SaveState>(initialSavedAt ? { kind: 'saved', at: initialSavedAt } : { kind: 'idle' });
  const latest = useRef(current);
  const unsaved = enabled && serialized !== savedJson;
  const unsavedRef = useRef(unsaved);
  useLayoutEffect(() => {
    latest.current = current;
    unsavedRef.current = unsaved;
  });

  useEffect(() => {
    if (!unsaved) return;
    const timer = setTimeout(() => {
      setState({ kind: 'saving' });
      saveDraft(JSON.parse(serialized) as ApplicationDraft).then(
        (saved) => {
          setSavedJson(serialized);
          setState({ kind: 'saved', at: saved.updatedAt ?? new Date().toISOString() });
        },
        () => setState({ kind: 'failed' }),
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [serialized, unsaved]);

  useEffect(() => {
    if (!enabled) return;
    // The browser's own "changes may not be saved" prompt, and one last save if the page goes anyway.
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsavedRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const pageHide = () => {
      if (unsavedRef.current) saveDraftOnExit(latest.current);
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('pagehide', pageHide);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('pagehide', pageHide);
    };
  }, [enabled]);

  /** Marks the current values as the server's (after a submit or a discard). */
  const settle = useCallback(() => setSavedJson(JSON.stringify(latest.current)), []);

  return { state, unsaved, settle };
}
