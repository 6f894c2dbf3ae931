import { lazy } from 'react';
import { Link, useRevalidator, useRouteError } from 'react-router';
import { errorKind } from '../../components/errors/error-kind';
import { ErrorScreen } from '../../components/errors/error-screen';
import { Button, buttonClassName } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { ApiError } from '../../lib/api-error';
import { errorScreenTexts, isChunkLoadError } from '../../lib/error-screen';
import { useLocale, useT } from '../../lib/i18n/i18n';
import { runtimeConfig } from '../../lib/runtime-config';
import { NotFoundRoute } from './not-found';

// Rare, and each brings its pages' catalogue: not part of the first load.
const OperatorNoPermission = lazy(async () => ({
  default: (await import('../../features/operator/components/operator-no-permission')).OperatorNoPermission,
}));
const ChannelNoPermission = lazy(async () => ({
  default: (await import('../../features/channel-home/components/channel-no-permission')).ChannelNoPermission,
}));
const ChannelNotFound = lazy(async () => ({
  default: (await import('../../features/channel-home/components/channel-no-permission')).ChannelNotFound,
}));

/** The error screen proper: code, message, a retry and the spec's button back to the studio home. */
function FailureScreen({ error, fullPage }: { error: unknown; fullPage: boolean }) {
  const t = useT();
  const locale = useLocale();
  const revalidator = useRevalidator();
  // The loaders run again (a failed read has no data, so ensureQueryData fetches it afresh) and the router leaves this screen once they pass.
  const retry = () => void revalidator.revalidate();
  // A page's code that failed to load is not fetched again by the router: a reload gets it (and the current build).
  const reload = isChunkLoadError(error);
  return (
    <ErrorScreen
      fullPage={fullPage}
      {...errorScreenTexts(error, runtimeConfig().env, locale)}
      action={
        <>
          {reload ? (
            <Button variant="primary" onClick={() => window.location.reload()}>
              {t('common.reload')}
            </Button>
          ) : (
            <Button variant="primary" onClick={retry} disabled={revalidator.state === 'loading'}>
              {t('common.retry')}
            </Button>
          )}
          <Link to="/" className={buttonClassName('secondary')}>
            {t('error.home')}
          </Link>
        </>
      }
    />
  );
}

/**
 * The one place a page's failure becomes a screen, whether its loader or its
 * render failed (a section's own boundary passes these kinds up too): not
 * found, no permission, the error screen with retry; a lost session is the
 * shared handler's, which is already on its way to the login page.
 */
export function RouteErrorPage({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  switch (errorKind(error)) {
    case 'unauthorized':
      return <Loading />;
    case 'notFound':
      if (error instanceof ApiError && error.code === 'CHANNEL_NOT_FOUND') return <ChannelNotFound code={error.code} />;
      return <NotFoundRoute code={error instanceof ApiError ? error.code : undefined} />;
    case 'forbidden':
      // The operator console refuses everyone who is no operator; every other page that can refuse is a channel's.
      if (error instanceof ApiError && error.code === 'ACCESS_DENIED') return <OperatorNoPermission code={error.code} />;
      return <ChannelNoPermission code={error instanceof ApiError ? error.code : undefined} />;
    case 'failed':
      return <FailureScreen error={error} fullPage={fullPage} />;
  }
}
