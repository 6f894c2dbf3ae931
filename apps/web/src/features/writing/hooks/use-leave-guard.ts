import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Spec section 4: leaving an edit page with unsaved changes warns inside the
 * page (a route change is held until the person answers) and through the
 * browser's own "changes may not be saved" prompt (reload, close, typed address).
 * `hasUnsaved` is read at the moment of leaving, so typing does not re-render anything here.
 */
export function useLeaveGuard(hasUnsaved: () => boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && !isSameEditorSession(nextLocation.state) && hasUnsaved(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsaved()) return;
      event.preventDefault();
      // Older engines show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsaved]);

  return blocker;
}

/** The editor moving its own address from /draft to the created content's id: not a leave. */
export type EditorSessionState = { editorSession: string };

export function isSameEditorSession(state: unknown): state is EditorSessionState {
  return typeof state === 'object' && state !== null && typeof (state as Partial<EditorSessionState>).editorSession === 'string';
}
