import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import styles from './confirm-dialog.module.css';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** While the confirmed call runs the dialog stays put: no second press, no closing half-way. */
  pending?: boolean;
};

/** A Radix dialog (focus trapped, Esc closes, focus returns to the trigger) asking before a consequential step. */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, cancelLabel, onConfirm, pending = false }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className={styles.description}>{children}</div>
          </Dialog.Description>
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <Button disabled={pending}>{cancelLabel}</Button>
            </Dialog.Close>
            <Button variant="primary" disabled={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
