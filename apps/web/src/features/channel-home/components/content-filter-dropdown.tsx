import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef } from 'react';
import { FilterTriggerFace } from './filter-trigger-face';
import styles from './channel-contents.module.css';

export type ContentFilterMenuProps<T extends string> = {
  label: string;
  options: readonly T[];
  selected: readonly T[];
  optionLabel: (value: T) => string;
  onChange: (next: T[]) => void;
};

type HandOver = {
  /** Open at once: the button was pressed before this code had loaded. */
  defaultOpen: boolean;
  /** Take over focus from the placeholder button this replaces. */
  focusTrigger: boolean;
};

/** A multi-select as a menu of checkbox items (Radix: arrow keys, Space/Enter, Esc); it stays open while choosing. Loaded on intent by ContentFilterMenu. */
export function ContentFilterDropdown<T extends string>({ label, options, selected, optionLabel, onChange, defaultOpen, focusTrigger }: ContentFilterMenuProps<T> & HandOver) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger && !defaultOpen) triggerRef.current?.focus();
    // Only on mount: this is the hand-over from the placeholder.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const toggle = (value: T, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(value);
    else next.delete(value);
    // The enumeration's order, whatever order they were picked in: one URL per selection.
    onChange(options.filter((option) => next.has(option)));
  };

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={triggerRef} className={styles.filterTrigger} data-active={selected.length > 0 || undefined}>
        <FilterTriggerFace label={label} count={selected.length} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.filterMenu} align="start" sideOffset={6} collisionPadding={8}>
          {options.map((value) => (
            <DropdownMenu.CheckboxItem
              key={value}
              className={styles.filterItem}
              checked={selected.includes(value)}
              onCheckedChange={(checked) => toggle(value, checked)}
              onSelect={(event) => event.preventDefault()}
            >
              <span className={styles.checkbox} aria-hidden="true">
                <DropdownMenu.ItemIndicator className={styles.checkmark}>✓</DropdownMenu.ItemIndicator>
              </span>
              {optionLabel(value)}
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
