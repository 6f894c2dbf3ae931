import { ComingSoon } from '../../components/ui/coming-soon';
import { useT } from '../../lib/i18n/i18n';
import { NotFoundRoute } from './not-found';
import { useNumericParam } from './use-numeric-param';

// Screens of later milestones: each has its real heading and says plainly that it is not ready.

export function ChannelManagementRoute() {
  const t = useT();
  return <ComingSoon title={t('page.channelManagement')} />;
}

export function ChannelHomeRoute() {
  const t = useT();
  if (useNumericParam('id') === null) return <NotFoundRoute />;
  return <ComingSoon title={t('page.channelHome')} />;
}

