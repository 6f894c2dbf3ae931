import { useCallback, useLayoutEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Spec section 4: leaving an edit page with unsaved changes warns first.
 * In-app navigation is held by the router until the person answers;
 * `allowNext` lets a deliberate navigation (after submitting) through.
 */
export function useLeaveWarning(unsaved: boolean) {
  const unsavedRef = useRef(unsaved);
  useLayoutEffect(() => {
    unsavedRef.current = unsaved;
  });
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !allowed.current && unsavedRef.current && currentLocation.pathname !== nextLocation.pathname);
  const allowNext = useCallback(() => {
    allowed.current = true;
  }, []);
  return { blocker, allowNext };
}
