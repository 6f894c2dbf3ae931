import path from 'node:path';
import type { StorageConfig } from '../../config';
import { diskStore } from './disk-store';
import type { ObjectStore } from './object-store';
import { s3Store } from './s3-store';

/** The store STORAGE chose: `$DATA_DIR/media` on local disk (the default), or the configured bucket. */
export function createObjectStore(storage: StorageConfig, dataDir: string): ObjectStore {
  switch (storage.kind) {
    case 'disk':
      return diskStore(path.resolve(dataDir, 'media'));
    case 's3':
      return s3Store(storage);
  }
}
