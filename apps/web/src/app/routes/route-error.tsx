import { Link, useRouteError } from 'react-router';
import { ErrorScreen } from '../../components/errors/error-screen';
import { buttonClassName } from '../../components/ui/button';
import { errorScreenTexts } from '../../lib/error-screen';
import { useLocale, useT } from '../../lib/i18n/i18n';
import { runtimeConfig } from '../../lib/runtime-config';

/** The route error page: code, message, and a button back to the studio home. */
export function RouteErrorPage({ fullPage = false }: { fullPage?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const error = useRouteError();
  return (
    <ErrorScreen
      fullPage={fullPage}
      {...errorScreenTexts(error, runtimeConfig().env, locale)}
      action={
        <Link to="/" className={buttonClassName('primary')}>
          {t('error.home')}
        </Link>
      }
    />
  );
}
