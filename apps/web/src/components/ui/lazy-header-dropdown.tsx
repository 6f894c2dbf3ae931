import { type ComponentType, type KeyboardEvent, type ReactNode, useState } from 'react';
import type { HeaderDropdownProps } from './header-dropdown';
import dropdown from './dropdown.module.css';

type LazyHeaderDropdownProps = {
  label: string;
  trigger: ReactNode;
  /** Loads the menu (and the menu library) on first intent: hover, focus or press. */
  load: () => Promise<ComponentType<HeaderDropdownProps>>;
};

const openKeys = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The menu code is only needed once someone reaches for a menu, so the
 * first load carries a plain button; the real menu replaces it on intent
 * and opens at once if the button was already pressed.
 */
export function LazyHeaderDropdown({ label, trigger, load }: LazyHeaderDropdownProps) {
  const [Menu, setMenu] = useState<ComponentType<HeaderDropdownProps> | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focused, setFocused] = useState(false);

  const startLoading = () => {
    load().then(
      (component) => setMenu(() => component),
      () => undefined, // Offline or a stale deploy: the button stays, the next intent tries again.
    );
  };
  const requestOpen = () => {
    setOpenOnLoad(true);
    startLoading();
  };

  if (Menu) return <Menu label={label} trigger={trigger} defaultOpen={openOnLoad} focusTrigger={focused} />;

  return (
    <button
      type="button"
      className={dropdown.trigger}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={startLoading}
      onFocus={() => {
        setFocused(true);
        startLoading();
      }}
      onBlur={() => setFocused(false)}
      onPointerDown={(event) => {
        if (event.button === 0) requestOpen();
      }}
      onClick={requestOpen}
      onKeyDown={(event: KeyboardEvent) => {
        if (!openKeys.has(event.key)) return;
        event.preventDefault();
        requestOpen();
      }}
    >
      {trigger}
    </button>
  );
}
