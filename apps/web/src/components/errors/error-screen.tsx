import type { ReactNode } from 'react';
import type { ErrorScreenTexts } from '../../lib/error-screen';
import { useT } from '../../lib/i18n/i18n';
import styles from './errors.module.css';

type ErrorScreenProps = ErrorScreenTexts & { action?: ReactNode; fullPage?: boolean };

/** The global error screen: a code, a message, and a way out. */
export function ErrorScreen({ code, title, description, detail, action, fullPage = false }: ErrorScreenProps) {
  const t = useT();
  // Inside the studio layout the page already sits in <main>.
  const Root = fullPage ? 'main' : 'div';
  return (
    <Root className={`${styles.screen} ${fullPage ? styles.fullPage : ''}`}>
      <p className={styles.code}>
        <span className="visually-hidden">{t('error.codeLabel')} </span>
        {code}
      </p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.description}>{description}</p>
      {detail ? <p className={styles.detail}>{detail}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </Root>
  );
}
