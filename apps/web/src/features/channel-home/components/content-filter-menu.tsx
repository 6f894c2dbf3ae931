import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronRightIcon } from '../../../components/ui/icons';
import styles from './channel-contents.module.css';

type ContentFilterMenuProps<T extends string> = {
  label: string;
  options: readonly T[];
  selected: readonly T[];
  optionLabel: (value: T) => string;
  onChange: (next: T[]) => void;
};

/** A multi-select as a menu of checkbox items (Radix: arrow keys, Space/Enter, Esc); it stays open while choosing. */
export function ContentFilterMenu<T extends string>({ label, options, selected, optionLabel, onChange }: ContentFilterMenuProps<T>) {
  const toggle = (value: T, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(value);
    else next.delete(value);
    // The enumeration's order, whatever order they were picked in: one URL per selection.
    onChange(options.filter((option) => next.has(option)));
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.filterTrigger} data-active={selected.length > 0 || undefined}>
        {label}
        {selected.length > 0 ? <span className={styles.filterCount}>{selected.length}</span> : null}
        <ChevronRightIcon size={14} className={styles.filterChevron} />
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
