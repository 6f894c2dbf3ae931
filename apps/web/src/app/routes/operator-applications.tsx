import { operatorApplicationsQueryOptions } from '../../features/applications/api/get-operator-applications';
import { OperatorQueue } from '../../features/applications/components/operator-queue';
import { readQueueSearch } from '../../features/applications/hooks/use-queue-search';
import type { PageModule } from './page-module';

/**
 * /operator/applications: the operator console's application queue. Anyone
 * else gets the API's 403 from the loader, which the route's error screen
 * shows as the no-permission page.
 */
export const operatorApplicationsPage: PageModule = {
  Component: OperatorQueue,
  loader:
    (queryClient) =>
    async ({ request }) => {
      await queryClient.ensureQueryData(operatorApplicationsQueryOptions(readQueueSearch(new URL(request.url).searchParams)));
      return null;
    },
};
