import { errorMessage } from '../../lib/error-message';
import { useErrorTextsLocale, useT } from '../../lib/i18n/i18n';
import { Button } from '../ui/button';
import { AlertIcon } from '../ui/icons';
import styles from './errors.module.css';

type AsyncErrorBlockProps = {
  error: unknown;
  onRetry: () => void;
  compact?: boolean;
};

/** Inline failure of one piece of data, with a retry. */
export function AsyncErrorBlock({ error, onRetry, compact = false }: AsyncErrorBlockProps) {
  const t = useT();
  const locale = useErrorTextsLocale();
  return (
    <div className={`${styles.block} ${compact ? styles.blockCompact : ''}`} role="alert">
      <AlertIcon className={styles.blockIcon} size={24} />
      <p className={styles.blockMessage}>{errorMessage(error, locale)}</p>
      <Button size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
