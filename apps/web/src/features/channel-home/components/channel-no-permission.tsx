import { Link } from 'react-router';
import { ErrorScreen } from '../../../components/errors/error-screen';
import { buttonClassName } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n';
import { useChannelHomeT } from '../messages';

/** A channel the person holds no (or not the needed) role on: say so and offer the way back. */
export function ChannelNoPermission({ code = 'CHANNEL_ACCESS_DENIED' }: { code?: string }) {
  const t = useChannelHomeT();
  return (
    <ErrorScreen
      code={code}
      title={t('noPermission.title')}
      description={code === 'CHANNEL_OWNER_ONLY' ? t('noPermission.ownerOnly') : t('noPermission.description')}
      action={
        <Link to="/channels/management" className={buttonClassName('primary')}>
          {t('noPermission.toManagement')}
        </Link>
      }
    />
  );
}

/** No such channel (or none with a channel home): the same screen as an unknown page, in the channel's words. */
export function ChannelNotFound({ code = 'CHANNEL_NOT_FOUND' }: { code?: string }) {
  const t = useChannelHomeT();
  const ts = useT();
  return (
    <ErrorScreen
      code={code}
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={
        <>
          <Link to="/channels/management" className={buttonClassName('primary')}>
            {t('noPermission.toManagement')}
          </Link>
          <Link to="/" className={buttonClassName('secondary')}>
            {ts('error.home')}
          </Link>
        </>
      }
    />
  );
}
