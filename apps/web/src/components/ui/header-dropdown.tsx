import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ChevronRightIcon } from './icons';
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
  const [open, setOpen] = useState(defaultOpen);
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState(key);

  // Links inside the panel navigate without a menu "select"; the panel closes on any route change.
  if (key !== openedAt) {
    setOpenedAt(key);
    setOpen(false);
  }

  useEffect(() => {
    if (focusTrigger && !defaultOpen) triggerRef.current?.focus();
    // Only on mount: this is the hand-over from the placeholder.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
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

/**
 * The panel's 'more' entry: a menu item (arrow keys, Enter) that holds a real
 * link (a link's semantics, open in a new tab).
 */
export function DropdownMoreItem({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Item className={dropdown.more} onSelect={() => void navigate(to)}>
      <Link to={to} tabIndex={-1} className={dropdown.moreLink}>
        {label}
        <ChevronRightIcon size={16} />
      </Link>
    </DropdownMenu.Item>
  );
}
