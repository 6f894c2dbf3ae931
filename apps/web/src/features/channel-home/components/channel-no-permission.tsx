import { Link } from 'react-router';
import { ErrorScreen } from '../../../components/errors/error-screen';
import { buttonClassName } from '../../../components/ui/button';
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
