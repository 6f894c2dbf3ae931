import { cloneElement, lazy, type ReactElement, Suspense, useState } from 'react';
import type { ConfirmDialogProps, MessageDialogProps } from './dialog';

// The dialog library (focus trap, scroll lock, portal) loads when a dialog first opens, not with the
// page that may open one (docs/decisions/052). Same props as the dialogs of ./dialog.
const LoadedConfirmDialog = lazy(async () => ({ default: (await import('./dialog')).ConfirmDialog }));
const LoadedMessageDialog = lazy(async () => ({ default: (await import('./dialog')).MessageDialog }));

/** ConfirmDialog, loaded the first time it opens; until then its trigger (if it owns one) is a plain button that opens it. */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [needed, setNeeded] = useState(props.open);
  if (props.open && !needed) setNeeded(true);
  const { trigger, onOpenChange } = props;
  const placeholder = trigger ? cloneElement(trigger as ReactElement<{ onClick?: () => void }>, { onClick: () => onOpenChange(true) }) : null;
  if (!needed) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LoadedConfirmDialog {...props} />
    </Suspense>
  );
}

/** MessageDialog (open while rendered), loaded the first time one is shown. */
export function LazyMessageDialog(props: MessageDialogProps) {
  return (
    <Suspense fallback={null}>
      <LoadedMessageDialog {...props} />
    </Suspense>
  );
}
