import { Loading } from '../../components/ui/loading';

/** Shown while the first route's code loads. */
export function AppLoading() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Loading />
    </div>
  );
}
