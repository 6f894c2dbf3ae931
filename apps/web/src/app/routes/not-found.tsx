import { Link } from 'react-router';
import { ErrorScreen } from '../../components/errors/error-screen';
import { buttonClassName } from '../../components/ui/button';
import { useT } from '../../lib/i18n/i18n';

/** An unknown address, a missing object, an id that is not one: the same page, with the code that says which. */
export function NotFoundRoute({ code = 'ROUTE_NOT_FOUND' }: { code?: string }) {
  const t = useT();
  return (
    <ErrorScreen
      code={code}
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
