import type { ComponentType, ReactNode } from 'react';
import type { HeaderDropdownProps } from './header-dropdown';
import { useLoadOnIntent } from './use-load-on-intent';
import dropdown from './dropdown.module.css';

type LazyHeaderDropdownProps = {
  label: string;
  trigger: ReactNode;
  /** Loads the menu (and the menu library) on first intent: hover, focus or press. */
  load: () => Promise<ComponentType<HeaderDropdownProps>>;
};

/**
 * The menu code is only needed once someone reaches for a menu, so the
 * first load carries a plain button; the real menu replaces it on intent
 * and opens at once if the button was already pressed.
 */
export function LazyHeaderDropdown({ label, trigger, load }: LazyHeaderDropdownProps) {
  const { loaded: Menu, openOnLoad, focused, triggerProps } = useLoadOnIntent(load);

  if (Menu) return <Menu label={label} trigger={trigger} defaultOpen={openOnLoad} focusTrigger={focused} />;

  return (
    <button type="button" className={dropdown.trigger} aria-label={label} aria-haspopup="menu" aria-expanded={false} {...triggerProps}>
      {trigger}
    </button>
  );
}
