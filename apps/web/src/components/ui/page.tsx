import type { ReactNode } from 'react';
import styles from './page.module.css';

type PageProps = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
};

/** Every page has one visible h1. */
export function Page({ title, description, actions, children }: PageProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.titles}>
          <h1 className={styles.title}>{title}</h1>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

type SectionProps = {
  title?: string;
  headingLevel?: 'h2' | 'h3';
  actions?: ReactNode;
  flush?: boolean;
  children: ReactNode;
};

export function Section({ title, headingLevel: Heading = 'h2', actions, flush = false, children }: SectionProps) {
  return (
    <section className={`${styles.section} ${flush ? styles.sectionFlush : ''}`}>
      {title || actions ? (
        <div className={styles.sectionHeader}>
          {title ? <Heading className={styles.sectionTitle}>{title}</Heading> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
