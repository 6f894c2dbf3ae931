/**
 * Calls for the same key while one is under way share its answer instead of starting their own: the
 * same as if they had arrived at the same instant. Nothing is kept once it settles (no staleness beyond
 * the one call in flight), and a failure reaches every caller that shared it.
 */
export function singleFlight<K, V>(load: (key: K) => Promise<V>) {
  const running = new Map<K, Promise<V>>();
  return (key: K): Promise<V> => {
    const current = running.get(key);
    if (current) return current;
    const started = load(key).finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
