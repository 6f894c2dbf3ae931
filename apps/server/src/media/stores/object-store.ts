import type { Readable } from 'node:stream';

/**
 * Where the studio keeps its files: a key ("loops/9f0c….mp4", "live/<id>/seg-00012.ts") names an
 * object, whatever the store — a folder on local disk (disk-store.ts) or an S3-compatible bucket
 * (s3-store.ts). Both keep the same contract (test/media/object-store.test.ts runs the same cases
 * against each): writes are all-or-nothing (a reader never sees half an object), reads take byte
 * ranges, deleting is idempotent. Keys are the same on both: see assertKey.
 */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Writes the whole body under `key`, replacing what was there; a failed body leaves nothing behind. */
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void>;
  /** The object's bytes (all, or the range asked for), or null when there is none. */
  get(key: string, options?: { range?: ByteRange }): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a plain string prefix, not only a folder), by key. */
  list(prefix: string): Promise<ListedObject[]>;
  /**
   * Throws unless the store can be used now (disk: its folder exists, or was made, and is writable; S3:
   * HeadBucket answers). `timeoutMs` bounds the wait, for /readyz: an endpoint that swallows packets
   * must make the probe fail, not hang it. Start-up checks without one.
   */
  check(options?: CheckOptions): Promise<void>;
}

export type PutOptions = { contentType: string };

export type CheckOptions = { timeoutMs?: number };

export type ObjectInfo = {
  /** The whole object's size in bytes, whatever range was read. */
  size: number;
  contentType: string;
};

/**
 * Bytes of an object, as HTTP asks for them: from `start` to `end` inclusive (to the last byte when
 * `end` is omitted or past it), or the last `suffix` bytes.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export type StoredObject = ObjectInfo & {
  stream: Readable;
  /** The bytes the stream carries, inclusive; the whole object when no range was asked for. */
  range: { start: number; end: number };
};

export type ListedObject = { key: string; size: number };

/** A range that starts past the end of the object (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`range not satisfiable: the object has ${size} bytes`);
    this.name = 'RangeNotSatisfiableError';
  }
}

/** A key no store accepts (see assertKey). */
export class InvalidKeyError extends Error {
  constructor(readonly key: string, reason: string) {
    super(`invalid object key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidKeyError';
  }
}

/** S3 allows 1024 bytes of UTF-8 in a key. */
const MAX_KEY_BYTES = 1024;

/**
 * The keys both stores take: relative slash-separated paths of non-empty segments, none of them `.`
 * or `..` or starting with a dot (the disk store keeps its temporary files and content types under
 * such names), no backslash, no control character (NUL included), at most 1024 bytes of UTF-8. Any
 * other character — Korean, spaces — is kept as is. The same on S3, where most of these would be
 * legal, so that a key written to one store can be written to the other.
 */
export function assertKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidKeyError(String(key), 'empty');
  checkPath(key, 'key');
  if (key.endsWith('/')) throw new InvalidKeyError(key, 'ends with a slash');
}

/** A prefix of `list`: empty (everything), or the start of a key by the same rules. */
export function assertPrefix(prefix: string): void {
  if (typeof prefix !== 'string') throw new InvalidKeyError(String(prefix), 'not a string');
  if (prefix === '') return;
  checkPath(prefix, 'prefix');
}

function checkPath(value: string, what: string): void {
  if (Buffer.byteLength(value, 'utf8') > MAX_KEY_BYTES) throw new InvalidKeyError(value, `a ${what} has at most ${MAX_KEY_BYTES} bytes`);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) throw new InvalidKeyError(value, 'control character or backslash');
  if (value.startsWith('/')) throw new InvalidKeyError(value, 'absolute');
  const segments = value.split('/');
  // A prefix may end in "/" (a folder) or in the first letters of a name.
  const whole = value.endsWith('/') ? segments.slice(0, -1) : segments;
  for (const segment of whole) {
    if (segment === '') throw new InvalidKeyError(value, 'empty segment');
    if (segment.startsWith('.')) throw new InvalidKeyError(value, 'a segment starts with a dot');
  }
}

/**
 * A range against an object of `size` bytes: the inclusive bytes to send, or RangeNotSatisfiableError.
 * A malformed range (negative, reversed, not an integer) is a programming error and throws TypeError.
 */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  assertRange(range);
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) throw new RangeNotSatisfiableError(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

export function assertRange(range: ByteRange): void {
  const integer = (value: number | undefined) => value === undefined || (Number.isSafeInteger(value) && value >= 0);
  if ('suffix' in range) {
    if (!integer(range.suffix)) throw new TypeError(`bad range suffix ${range.suffix}`);
    return;
  }
  if (!integer(range.start) || !integer(range.end) || (range.end !== undefined && range.end < range.start)) {
    throw new TypeError(`bad range ${range.start}-${range.end ?? ''}`);
  }
}

/** The HTTP Range header value of a range (`bytes=0-99`, `bytes=100-`, `bytes=-500`). */
export function rangeHeader(range: ByteRange): string {
  assertRange(range);
  return 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;
}
