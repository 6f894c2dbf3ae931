import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './invitation-popup.module.css';

type MessageDialogProps = {
  title: string;
  description?: ReactNode;
  /** The buttons; the first one receives focus. */
  children: ReactNode;
  /** Esc or a click outside: the caller decides what "dismiss" means here. */
  onDismiss: () => void;
};

/**
 * A small dialog on top of everything (confirmations, results, errors): an
 * alert dialog, so screen readers announce it at once.
 */
export function MessageDialog({ title, description, children, onDismiss }: MessageDialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onDismiss())}>
      <Dialog.Portal>
        <Dialog.Overlay className={`${styles.overlay} ${styles.overlayTop}`} />
        <Dialog.Content
          role="alertdialog"
          className={`${styles.content} ${styles.message}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className={styles.messageTitle}>{title}</Dialog.Title>
          {description ? <Dialog.Description className={styles.messageDescription}>{description}</Dialog.Description> : null}
          <div className={styles.actions}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
