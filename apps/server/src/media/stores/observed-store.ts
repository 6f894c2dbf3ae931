import { InvalidKeyError, RangeNotSatisfiableError, type ObjectStore } from './object-store';

export type StoreOperation = 'put' | 'get' | 'head' | 'delete' | 'list' | 'check';

/** A refusal of what the caller asked (a bad key or range), which says nothing of the store's health. */
const callersFault = (error: unknown) => error instanceof InvalidKeyError || error instanceof RangeNotSatisfiableError || error instanceof TypeError;

/**
 * The store, telling `failed` of each request that fails for a reason of the store's — unreachable,
 * refusing, out of space — for the metrics (plugins/metrics.ts). What a store answers as "nothing
 * there" (null) is not a failure; the error goes on to the caller as it was.
 */
export function observedStore(store: ObjectStore, failed: (operation: StoreOperation) => void): ObjectStore {
  const observe = <T>(operation: StoreOperation, request: Promise<T>): Promise<T> =>
    request.catch((error: unknown) => {
      if (!callersFault(error)) failed(operation);
      throw error;
    });
  return {
    kind: store.kind,
    put: (key, body, options) => observe('put', store.put(key, body, options)),
    get: (key, options) => observe('get', store.get(key, options)),
    head: (key) => observe('head', store.head(key)),
    delete: (key) => observe('delete', store.delete(key)),
    list: (prefix) => observe('list', store.list(prefix)),
    check: (options) => observe('check', store.check(options)),
  };
}
