import path from 'node:path';
import type { StorageConfig } from '../../config';
import { diskStore } from './disk-store';
import type { ObjectStore } from './object-store';
import { observedStore, type StoreOperation } from './observed-store';
import { s3Store } from './s3-store';

/**
 * The store STORAGE chose: `$DATA_DIR/media` on local disk (the default), or the configured bucket.
 * `failed` hears of each request the store fails (the app passes `app.metrics.storeRequestFailed`).
 */
export function createObjectStore(storage: StorageConfig, dataDir: string, options: { failed?: (operation: StoreOperation) => void } = {}): ObjectStore {
  const store = chosenStore(storage, dataDir);
  return options.failed ? observedStore(store, options.failed) : store;
}

function chosenStore(storage: StorageConfig, dataDir: string): ObjectStore {
  switch (storage.kind) {
    case 'disk':
      return diskStore(path.resolve(dataDir, 'media'));
    case 's3':
      return s3Store(storage);
  }
}
