import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

type TabsProps<T extends string> = {
  value: T;
  values: readonly T[];
  onValueChange: (value: T) => void;
  /** The tab list's accessible name. */
  label: string;
  tab: (value: T) => ReactNode;
  panel: (value: T) => ReactNode;
  className?: string;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
};

/**
 * The WAI-ARIA tabs pattern as Radix Tabs drew it here (same roles, ids, `data-state` and
 * keyboard), without its 10 KiB of code in channel management's first load (docs/decisions/057).
 * Manual activation: arrow keys, Home and End move the focus; Enter, Space or a click selects
 * (each selection is a history entry). Only the selected panel is drawn.
 */
export function Tabs<T extends string>({ value, values, onValueChange, label, tab, panel, className, listClassName, tabClassName, panelClassName }: TabsProps<T>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (item: T) => `${base}-tab-${item}`;
  const panelId = (item: T) => `${base}-panel-${item}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const at = tabs.findIndex((element) => element === document.activeElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs[(next + tabs.length) % tabs.length]?.focus();
  };

  return (
    <div className={className} data-orientation="horizontal">
      <div ref={list} role="tablist" aria-label={label} aria-orientation="horizontal" className={listClassName} onKeyDown={onKeyDown}>
        {values.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={tabId(item)}
            aria-selected={item === value}
            aria-controls={panelId(item)}
            data-state={item === value ? 'active' : 'inactive'}
            tabIndex={item === value ? 0 : -1}
            className={tabClassName}
            onClick={() => {
              if (item !== value) onValueChange(item);
            }}
          >
            {tab(item)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(value)} aria-labelledby={tabId(value)} data-state="active" tabIndex={0} className={panelClassName}>
        {panel(value)}
      </div>
    </div>
  );
}
