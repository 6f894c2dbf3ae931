import type { ComponentType } from 'react';
import { useLoadOnIntent } from '../../../components/ui/use-load-on-intent';
import type { ContentFilterMenuProps } from './content-filter-dropdown';
import { FilterTriggerFace } from './filter-trigger-face';
import styles from './channel-contents.module.css';

type Dropdown = ComponentType<ContentFilterMenuProps<string> & { defaultOpen: boolean; focusTrigger: boolean }>;
const loadDropdown = async (): Promise<Dropdown> => (await import('./content-filter-dropdown')).ContentFilterDropdown as Dropdown;

/**
 * A filter's button. Its menu of checkbox items and the menu library load on the first intent
 * (docs/decisions/052): a channel home's first load carries only the button.
 */
export function ContentFilterMenu<T extends string>(props: ContentFilterMenuProps<T>) {
  const { loaded: Dropdown, openOnLoad, focused, triggerProps } = useLoadOnIntent(loadDropdown);
  if (Dropdown) {
    const { onChange, optionLabel } = props;
    return (
      <Dropdown
        {...props}
        optionLabel={(value) => optionLabel(value as T)}
        onChange={(next) => onChange(next as T[])}
        defaultOpen={openOnLoad}
        focusTrigger={focused}
      />
    );
  }
  return (
    <button type="button" className={styles.filterTrigger} data-active={props.selected.length > 0 || undefined} aria-haspopup="menu" aria-expanded={false} {...triggerProps}>
      <FilterTriggerFace label={props.label} count={props.selected.length} />
    </button>
  );
}
