import { type KeyboardEvent, type PointerEvent, useState } from 'react';

const openKeys = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * Code only needed once someone reaches for a control (a menu, a dialog behind a button) stays out
 * of the first load (docs/decisions/023 and 052): the page draws a plain button with these
 * handlers, the code loads on the first intent (hover, focus or press), and the real control
 * replaces the button, told whether it was pressed (open at once) or focused (take the focus).
 */
export function useLoadOnIntent<T>(load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focused, setFocused] = useState(false);

  const startLoading = () => {
    load().then(
      (value) => setLoaded({ value }),
      () => undefined, // Offline or a stale deploy: the button stays, the next intent tries again.
    );
  };
  const requestOpen = () => {
    setOpenOnLoad(true);
    startLoading();
  };

  return {
    loaded: loaded?.value ?? null,
    openOnLoad,
    focused,
    triggerProps: {
      onPointerEnter: startLoading,
      onFocus: () => {
        setFocused(true);
        startLoading();
      },
      onBlur: () => setFocused(false),
      onPointerDown: (event: PointerEvent) => {
        if (event.button === 0) requestOpen();
      },
      onClick: requestOpen,
      onKeyDown: (event: KeyboardEvent) => {
        if (!openKeys.has(event.key)) return;
        event.preventDefault();
        requestOpen();
      },
    },
  };
}
