import { useMemo } from 'react';
import { useHref, useLocation, useNavigation, useSearchParams } from 'react-router';

/**
 * The page's search params twice: as on screen, and as last chosen. A change
 * of the search runs the page's loader, and the screen keeps the previous
 * answer until it is done; a second choice made meanwhile (another filter
 * chip) must build on the first, not on what is still shown.
 */
export function useLatestSearchParams() {
  const [shown, setSearchParams] = useSearchParams();
  // The navigation's location carries the router's base (/studio); useLocation's does not.
  const here = useHref(useLocation().pathname);
  const pending = useNavigation().location;
  const pendingSearch = pending?.pathname === here ? pending.search : null;
  const latest = useMemo(() => (pendingSearch === null ? shown : new URLSearchParams(pendingSearch)), [pendingSearch, shown]);
  return { shown, latest, setSearchParams };
}
