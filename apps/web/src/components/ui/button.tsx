import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

/** `danger` is for the confirming button of a step that takes something away (leave, remove, decline). */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'medium' | 'small';

/** Also for links that should look like buttons. */
export function buttonClassName(variant: ButtonVariant = 'secondary', size: ButtonSize = 'medium', extra?: string): string {
  return [styles.button, styles[variant], size === 'small' ? styles.small : undefined, extra].filter(Boolean).join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, size, className)} {...props} />;
}
