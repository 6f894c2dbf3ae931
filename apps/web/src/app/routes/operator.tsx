import type { QueryClient } from '@tanstack/react-query';
import { operatorChannelsQueryOptions } from '../../features/operator/api/get-operator-channels';
import { operatorNoticesQueryOptions } from '../../features/operator/api/get-operator-notices';
import { auditLogQueryOptions } from '../../features/operator/api/get-audit-log';
import { broadcastsQueryOptions } from '../../features/operator/api/get-broadcasts';
import { OperatorAuditPage } from '../../features/operator/components/audit-page';
import { OperatorChannelsPage } from '../../features/operator/components/channels-page';
import { OperatorLayout } from '../../features/operator/components/operator-layout';
import { OperatorNoticesPage } from '../../features/operator/components/notices-page';
import { OperatorNotificationsPage } from '../../features/operator/components/notifications-page';
import { readAuditSearch, readChannelSearch, readNoticeSearch } from '../../features/operator/utils/channel-search';
import { meQueryOptions } from '../../features/users/api/get-me';
import { ApiError } from '../../lib/api-error';
import type { PageModule } from './page-module';
import { settle } from './page-module';

/** The console is for operators only: anyone else gets the no-permission screen (the server answers them 403 too). */
async function requireOperator(queryClient: QueryClient): Promise<void> {
  const me = await queryClient.ensureQueryData(meQueryOptions());
  if (!me.isOperator) throw new ApiError({ status: 403, code: 'ACCESS_DENIED', message: '' });
}

const searchOf = (request: Request) => new URL(request.url).searchParams;

const layout: PageModule = {
  Component: OperatorLayout,
  loader: (queryClient) => async () => {
    await requireOperator(queryClient);
    return null;
  },
};

const channels: PageModule = {
  Component: OperatorChannelsPage,
  loader:
    (queryClient) =>
    async ({ request }) => {
      await requireOperator(queryClient);
      return settle(queryClient.ensureQueryData(operatorChannelsQueryOptions(readChannelSearch(searchOf(request)))));
    },
};

const notices: PageModule = {
  Component: OperatorNoticesPage,
  loader:
    (queryClient) =>
    async ({ request }) => {
      await requireOperator(queryClient);
      return settle(queryClient.ensureQueryData(operatorNoticesQueryOptions(readNoticeSearch(searchOf(request)))));
    },
};

const notifications: PageModule = {
  Component: OperatorNotificationsPage,
  loader: (queryClient) => async () => {
    await requireOperator(queryClient);
    return settle(queryClient.ensureQueryData(broadcastsQueryOptions()));
  },
};

const audit: PageModule = {
  Component: OperatorAuditPage,
  loader:
    (queryClient) =>
    async ({ request }) => {
      await requireOperator(queryClient);
      return settle(queryClient.ensureQueryData(auditLogQueryOptions(readAuditSearch(searchOf(request)))));
    },
};

/** The console's pages by route path (the layout, then its tabs). */
export const operatorPages = { layout, channels, notices, notifications, audit };
