import { Link } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './button';

/** The way to a new channel application, wherever a page offers it (an empty channel list, the page header). */
export function ApplyLink({ variant = 'primary', size }: { variant?: ButtonVariant; size?: ButtonSize }) {
  const t = useT();
  return (
    <Link to="/apply/content-type-select" className={buttonClassName(variant, size)}>
      {t('header.apply')}
    </Link>
  );
}
