import { useParams, useSearchParams } from 'react-router';
import { INSIGHT_DEFAULT_PERIOD, InsightPeriod } from '@studio/contract/insights';
import { channelInsightsQueryOptions } from '../../features/insights/api/get-channel-insights';
import { InsightsPage } from '../../features/insights/components/insights-page';
import { idParam, type PageModule } from './page-module';

/** The period of `?days=`: 7, 28 or 90; anything else reads as the default. */
function periodOf(search: URLSearchParams): InsightPeriod {
  const parsed = InsightPeriod.safeParse(search.get('days'));
  return parsed.success ? parsed.data : INSIGHT_DEFAULT_PERIOD;
}

function InsightsRoute() {
  const channelId = idParam(useParams().channelId);
  const [search] = useSearchParams();
  return <InsightsPage key={channelId} channelId={channelId} days={periodOf(search)} />;
}

/** /studio/channels/:channelId/insights (issue 23; the spec names no route for insights). */
export const insightsPage: PageModule = {
  Component: InsightsRoute,
  loader:
    (queryClient) =>
    async ({ params, request }) => {
      await queryClient.ensureQueryData(channelInsightsQueryOptions(idParam(params.channelId), periodOf(new URL(request.url).searchParams)));
      return null;
    },
};
