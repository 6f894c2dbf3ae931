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

export function LoopUploadRoute() {
  const t = useT();
  if (useNumericParam('channelId') === null) return <NotFoundRoute />;
  return <ComingSoon title={t('page.loopUpload')} />;
}

export function LiveCreateRoute() {
  const t = useT();
  if (useNumericParam('channelId') === null) return <NotFoundRoute />;
  return <ComingSoon title={t('page.liveCreate')} />;
}

export function LiveDetailRoute() {
  const t = useT();
  const channelId = useNumericParam('channelId');
  const liveId = useNumericParam('liveId');
  if (channelId === null || liveId === null) return <NotFoundRoute />;
  return <ComingSoon title={t('page.liveDetail')} />;
}

export function TrendRoute() {
  const t = useT();
  return <ComingSoon title={t('page.trend')} description={t('page.trendDescription')} />;
}

export function ApplyRoute() {
  const t = useT();
  return <ComingSoon title={t('page.apply')} description={t('page.applyDescription')} />;
}
