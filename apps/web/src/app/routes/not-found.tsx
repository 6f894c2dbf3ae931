import { Link } from 'react-router';
import { ErrorScreen } from '../../components/errors/error-screen';
import { buttonClassName } from '../../components/ui/button';
import { useT } from '../../lib/i18n/i18n';

export function NotFoundRoute() {
  const t = useT();
  return (
    <ErrorScreen
      code="ROUTE_NOT_FOUND"
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={
        <Link to="/" className={buttonClassName('primary')}>
          {t('error.home')}
        </Link>
      }
    />
  );
}
