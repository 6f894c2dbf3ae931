import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastContainerNeeded, subscribeToastContainerNeeded } from '../../lib/toast';

const LazyToastContainer = lazy(() =>
  import('./toast-container').then((module) => ({ default: module.StudioToastContainer })),
);

/** Mounts the toast container once the first toast is raised. */
export function Toaster() {
  const needed = useSyncExternalStore(subscribeToastContainerNeeded, isToastContainerNeeded, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LazyToastContainer />
    </Suspense>
  );
}
