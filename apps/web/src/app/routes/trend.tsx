import { useSearchParams } from 'react-router';
import { trendQueryOptions, trendSearch } from '../../features/trend/api/get-trend';
import { TrendPage } from '../../features/trend/components/trend-page';
import { trendFiltersOf } from '../../features/trend/utils/trend-filters';
import { type PageModule, settle } from './page-module';

function TrendRoute() {
  const [search, setSearch] = useSearchParams();
  return <TrendPage filters={trendFiltersOf(search)} onFilters={(next) => setSearch(trendSearch(next), { replace: true })} />;
}

/** /studio/trend (spec section 2; issue 23, point 5). */
export const trendPage: PageModule = {
  Component: TrendRoute,
  loader:
    (queryClient) =>
    ({ request }) =>
      settle(queryClient.ensureQueryData(trendQueryOptions(trendFiltersOf(new URL(request.url).searchParams)))),
};
