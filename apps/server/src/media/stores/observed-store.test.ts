import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStore } from './disk-store';
import { observedStore, type StoreOperation } from './observed-store';
import { InvalidKeyError, RangeNotSatisfiableError } from './object-store';

describe('observedStore', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'observed-store-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("tells of the store's own failures, not of answers or of the caller's mistakes", async () => {
    const failures: StoreOperation[] = [];
    const store = observedStore(diskStore(path.join(root, 'media')), (operation) => failures.push(operation));
    await store.put('images/a.png', Buffer.from('png'), { contentType: 'image/png' });
    expect(await store.head('images/missing.png')).toBeNull();
    await expect(store.get('../escape')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store.get('images/a.png', { range: { start: 10 } })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    expect(failures).toEqual([]);

    // A file where the store needs a folder: the disk itself refuses the write.
    await writeFile(path.join(root, 'media', 'loops'), 'not a folder');
    await expect(store.put('loops/b.mp4', Buffer.from('mp4'), { contentType: 'video/mp4' })).rejects.toThrow();
    expect(failures).toEqual(['put']);
  });
});
