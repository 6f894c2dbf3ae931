import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ReactNode, useEffect, useRef } from 'react';
import dropdown from './dropdown.module.css';

export type HeaderDropdownProps = {
  label: string;
  trigger: ReactNode;
  /** Open at once: the person pressed the button before this code had loaded. */
  defaultOpen: boolean;
  /** Take over focus from the placeholder button this replaces. */
  focusTrigger: boolean;
};

/** A header menu button with its panel (Radix: keyboard and screen-reader support). */
export function HeaderDropdown({ label, trigger, defaultOpen, focusTrigger, children }: HeaderDropdownProps & { children: ReactNode }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger && !defaultOpen) triggerRef.current?.focus();
    // Only on mount: this is the hand-over from the placeholder.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={triggerRef} className={dropdown.trigger} aria-label={label}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={dropdown.panel} align="end" sideOffset={8} collisionPadding={8}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
