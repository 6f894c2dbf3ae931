import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  assertPrefix,
  resolveRange,
  type ByteRange,
  type ListedObject,
  type ObjectInfo,
  type ObjectStore,
  type PutOptions,
  type StoredObject,
} from './object-store';

/** Where the disk store notes a content type its key's extension does not tell (keys never start with a dot). */
const TYPES_FOLDER = '.types';

const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  ts: 'video/mp2t',
  m3u8: 'application/vnd.apple.mpegurl',
  vtt: 'text/vtt',
  json: 'application/json',
};
const DEFAULT_TYPE = 'application/octet-stream';

/** The content type a key's extension implies, as a file server would answer for it. */
export function typeForKey(key: string): string {
  const extension = path.extname(key).slice(1).toLowerCase();
  return TYPES_BY_EXTENSION[extension] ?? DEFAULT_TYPE;
}

const missing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

/**
 * Objects as files under one folder: the key is the path below it (so `$DATA_DIR/media` keeps the
 * layout the studio has always had). A body is written to a hidden temporary name beside its place
 * and renamed over it, so a reader sees the old file or the new one, never half of one. A content
 * type that the extension does not imply is kept in `.types/<key>`. Keys cannot leave the folder:
 * assertKey refuses `..`, absolute paths and NUL, and every path is checked to stay below the root.
 *
 * One limit S3 does not have: a key cannot be both an object and the folder of others ("a" and "a/b").
 */
export function diskStore(root: string): ObjectStore {
  const base = path.resolve(root);

  const fileFor = (key: string, folder = '') => {
    assertKey(key);
    const file = path.resolve(base, folder, key);
    if (!file.startsWith(`${path.join(base, folder)}${path.sep}`)) throw new Error(`object key escapes the store: ${key}`);
    return file;
  };

  const contentTypeOf = async (key: string) => {
    try {
      return (await readFile(fileFor(key, TYPES_FOLDER), 'utf8')) || typeForKey(key);
    } catch (error) {
      if (missing(error)) return typeForKey(key);
      throw error;
    }
  };

  /** Writes `file` through a hidden temporary name beside it, renamed into place once complete. */
  const writeAtomically = async (file: string, body: Buffer | Readable | string) => {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
    try {
      if (body instanceof Readable) {
        await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
      } else {
        await writeFile(temporary, body, { flag: 'wx' });
      }
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };

  return {
    kind: 'disk',

    async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
      const file = fileFor(key);
      const typeFile = fileFor(key, TYPES_FOLDER);
      // The type first: a crash before the body leaves a note that the next put of the key replaces.
      if (options.contentType === typeForKey(key)) await rm(typeFile, { force: true });
      else await writeAtomically(typeFile, options.contentType);
      await writeAtomically(file, body);
    },

    async get(key: string, options: { range?: ByteRange } = {}): Promise<StoredObject | null> {
      const file = fileFor(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        const range = options.range ? resolveRange(options.range, info.size) : { start: 0, end: info.size - 1 };
        const contentType = await contentTypeOf(key);
        if (info.size === 0) {
          await handle.close();
          return { stream: Readable.from([]), size: 0, contentType, range };
        }
        // Read from the handle opened above: a rename over the file meanwhile does not change what is sent.
        const stream = handle.createReadStream({ start: range.start, end: range.end, autoClose: true });
        return { stream, size: info.size, contentType, range };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async head(key: string): Promise<ObjectInfo | null> {
      const file = fileFor(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { size: info.size, contentType: await contentTypeOf(key) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },

    async delete(key: string): Promise<void> {
      const file = fileFor(key);
      const info = await stat(file).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      if (info?.isDirectory()) return; // a folder of other keys, not an object
      await rm(file, { force: true });
      await rm(fileFor(key, TYPES_FOLDER), { force: true });
    },

    async list(prefix: string): Promise<ListedObject[]> {
      assertPrefix(prefix);
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const found: ListedObject[] = [];
      const walk = async (relative: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(path.join(base, relative), { withFileTypes: true });
        } catch (error) {
          if (missing(error)) return;
          throw error;
        }
        for (const entry of entries) {
          if (entry.name.startsWith('.')) continue; // temporary files and the types folder
          const key = relative ? `${relative}/${entry.name}` : entry.name;
          if (entry.isDirectory()) {
            if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(key);
          } else if (entry.isFile() && key.startsWith(prefix)) {
            const info = await stat(path.join(base, key)).catch(() => null);
            if (info) found.push({ key, size: info.size });
          }
        }
      };
      await walk(folder);
      // S3 lists in the byte order of the keys' UTF-8.
      return found.sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
    },

    async check(): Promise<void> {
      await mkdir(base, { recursive: true });
      // A folder that is there but read-only (a remounted disk, wrong owner) fails every put: not ready either.
      await access(base, constants.W_OK);
    },
  };
}
