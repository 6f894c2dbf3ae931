import * as RadixDialog from '@radix-ui/react-dialog';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { Button } from './button';
import styles from './dialog.module.css';

// Radix owns open state, the focus trap, Esc, and returning focus to the trigger;
// this file only gives it one look. Import it from lazily loaded pages only: Radix
// Dialog is not part of the first-load bundle.
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
const DialogClose = RadixDialog.Close;

type DialogSize = 'small' | 'medium';

/**
 * - `default`: a title, a few lines and the buttons that answer them.
 * - `panel`: a header with a close button over richer content, so more room and a larger title.
 * - `alert`: role="alertdialog", so screen readers announce it at once; it opens above any dialog already open.
 */
type DialogVariant = 'default' | 'panel' | 'alert';

type DialogContentProps = Omit<ComponentProps<typeof RadixDialog.Content>, 'role'> & {
  size?: DialogSize;
  variant?: DialogVariant;
};

const classNames = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** The overlay and the dialog box, portalled to the end of the page. */
export function DialogContent({ size = 'medium', variant = 'default', className, ...props }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={classNames(styles.overlay, variant === 'alert' && styles.overlayAlert)} />
      <RadixDialog.Content
        // Only set when needed: Radix spreads our props after its own role="dialog".
        {...(variant === 'alert' ? { role: 'alertdialog' } : {})}
        className={classNames(styles.content, size === 'small' && styles.small, variant !== 'default' && styles[variant], className)}
        {...props}
      />
    </RadixDialog.Portal>
  );
}

/** The title and a close button, side by side. */
export function DialogHeader({ children }: { children: ReactNode }) {
  return <div className={styles.header}>{children}</div>;
}

/** The dialog's accessible name. */
export function DialogTitle({ className, ...props }: ComponentProps<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={classNames(styles.title, className)} {...props} />;
}

/** Secondary text under the title; the dialog's accessible description. */
function DialogDescription({ className, ...props }: ComponentProps<typeof RadixDialog.Description>) {
  return <RadixDialog.Description className={classNames(styles.description, className)} {...props} />;
}

type DialogBodyProps = ComponentProps<'div'> & {
  /** The body is what the dialog is about: screen readers read it as the description (there is no DialogDescription then). */
  describes?: boolean;
};

export function DialogBody({ describes = false, className, ...props }: DialogBodyProps) {
  const body = <div className={classNames(styles.body, className)} {...props} />;
  return describes ? <RadixDialog.Description asChild>{body}</RadixDialog.Description> : body;
}

/** The buttons. Radix focuses the first one on open, so the safe answer goes first. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/**
 * A form dialog's footer: cancel (off while the call runs, so nothing closes half-way) and the
 * form's submit button, enabled when `canSubmit`.
 */
export function DialogFormActions({ cancelLabel, submitLabel, onCancel, pending, canSubmit }: { cancelLabel: string; submitLabel: string; onCancel: () => void; pending: boolean; canSubmit: boolean }) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="primary" disabled={!canSubmit}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

/** The × in a panel's header; `label` is its accessible name. */
export function DialogCloseButton({ label, disabled }: { label: string; disabled?: boolean }) {
  return (
    <RadixDialog.Close className={styles.close} aria-label={label} disabled={disabled}>
      <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </RadixDialog.Close>
  );
}

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog owns it. */
  trigger?: ReactElement;
  title: string;
  /** What confirming will do: the dialog's description. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** While the confirmed call runs the dialog stays put: no second press, no closing half-way. */
  pending?: boolean;
  /** `danger` when confirming takes something away (leaving a channel, removing a member). */
  tone?: 'default' | 'danger';
};

/** Asks before a consequential step: cancel (focused first) or confirm. */
export function ConfirmDialog({ open, onOpenChange, trigger, title, children, confirmLabel, cancelLabel, onConfirm, pending = false, tone = 'default' }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div>{children}</div>
        </DialogDescription>
        <DialogActions>
          <DialogClose asChild>
            <Button disabled={pending}>{cancelLabel}</Button>
          </DialogClose>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} disabled={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}

export type MessageDialogProps = {
  title: string;
  description?: ReactNode;
  /** The buttons; the first one receives focus. */
  children: ReactNode;
  /** Esc or a click outside: the caller decides what "dismiss" means here. */
  onDismiss: () => void;
};

/** A small alert dialog (a confirmation, a result, an error) that opens on top of everything, even another dialog. */
export function MessageDialog({ title, description, children, onDismiss }: MessageDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onDismiss())}>
      <DialogContent size="small" variant="alert" {...(description ? {} : { 'aria-describedby': undefined })}>
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
        <DialogActions>{children}</DialogActions>
      </DialogContent>
    </Dialog>
  );
}
