import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { THUMBNAIL_QUALITY } from '@studio/contract/constants';
import { AppError } from '../lib/errors';
import type { ObjectStore } from './stores/object-store';

/** The first segment of a media object's key (and folders under `$DATA_DIR/media` on disk); a file's place is decided by the server, never by its uploader. */
export const MEDIA_KINDS = ['images', 'thumbnails', 'profiles', 'covers', 'loops', 'replays', 'live'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** URL prefix of stored media (served by media-routes.ts). */
export const MEDIA_PREFIX = '/media/';

/** Raster formats a person may upload; everything else (SVG, PDF, HTML renamed to .png) is refused by its content. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** Decompression bombs: a 20 KB file that decodes to gigapixels is refused before decoding. */
const MAX_INPUT_PIXELS = 50_000_000;

/** `data`: the JPEG as stored (the live thumbnail's layer crop is made from it). */
export type SavedImage = { name: string; url: string; width: number; height: number; bytes: number; data: Buffer };

export type ImageOptions = {
  kind: MediaKind;
  maxBytes: number;
  /** Fit within (`inside`, never enlarged) or crop to (`cover`) this box; omitted keeps the size. */
  resize?: { width: number; height: number; fit: 'inside' | 'cover' };
  /** The name before the extension, when the server made it unguessable itself (default: a new UUID). */
  baseName?: string;
};

async function readAll(input: Buffer | Readable, maxBytes: number): Promise<Buffer> {
  if (Buffer.isBuffer(input)) {
    if (input.length > maxBytes) throw new AppError('UPLOAD_TOO_LARGE', undefined, { maxBytes });
    return input;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of input) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      total += buffer.length;
      // Stop reading at the limit: an endless upload costs at most maxBytes of memory.
      if (total > maxBytes) {
        input.destroy();
        throw new AppError('UPLOAD_TOO_LARGE', undefined, { maxBytes });
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The upload's own framing broke off (a multipart body without its end, a cut connection):
    // the sender's fault, answered as a missing file, never as a server error.
    throw new AppError('UPLOAD_MISSING', undefined, { reason: error instanceof Error ? error.message : 'unreadable upload' });
  }
  // @fastify/multipart marks a file cut at its own limit instead of failing the stream.
  if ((input as Readable & { truncated?: boolean }).truncated) throw new AppError('UPLOAD_TOO_LARGE', undefined, { maxBytes });
  return Buffer.concat(chunks);
}

/** Names of stored media: made by the server (a UUID, a lease token), never by an uploader. */
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The URL kinds a name may be read under; anything else is not media. */
export const isMediaKind = (kind: string): kind is MediaKind => (MEDIA_KINDS as readonly string[]).includes(kind);

/**
 * The studio's media, kept in the app's object store (stores/: local disk or an S3 bucket) under
 * the key `<kind>/<server-made name>` and served at `/media/<kind>/<name>`. Names are random UUIDs or
 * lease tokens, so URLs are unguessable and immutable; the store writes a whole object or nothing.
 */
export function mediaStore(objects: ObjectStore) {
  /** The object key of a stored file; a name that is not one of ours (a path, dots) is refused rather than resolved. */
  const keyFor = (kind: MediaKind, name: string) => {
    // `.part`: half-written files of versions that wrote beside the final name; never a stored name.
    if (!isMediaKind(kind) || !NAME_PATTERN.test(name) || name.includes('..') || name.endsWith('.part')) throw new AppError('NOT_FOUND');
    return `${kind}/${name}`;
  };

  const urlFor = (kind: MediaKind, name: string) => `${MEDIA_PREFIX}${kind}/${name}`;

  /** Puts bytes (or a local file the server made: a transcode, a frame) under `<kind>/<name>`. */
  const put = async (kind: MediaKind, name: string, body: Buffer | Readable, contentType: string) => {
    await objects.put(keyFor(kind, name), body, { contentType });
    return { name, url: urlFor(kind, name) };
  };

  return {
    objects,
    keyFor,
    urlFor,
    put,

    /** A local file (ffmpeg's output) into the store, streamed. */
    async putFile(kind: MediaKind, name: string, file: string, contentType: string) {
      return put(kind, name, createReadStream(file), contentType);
    },

    /**
     * An uploaded still, judged by its content (sharp reads it; the file name and the declared type
     * are ignored), re-encoded as JPEG at quality 75 without its metadata (no EXIF location leaks),
     * turned upright, and resized as asked.
     */
    async saveImage(input: Buffer | Readable, options: ImageOptions): Promise<SavedImage> {
      const original = await readAll(input, options.maxBytes);
      let format: string | undefined;
      try {
        format = (await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
      } catch {
        throw new AppError('UPLOAD_NOT_IMAGE');
      }
      if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('UPLOAD_NOT_IMAGE', undefined, { format: format ?? null });

      let pipeline = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
      if (options.resize) {
        pipeline = pipeline.resize({
          width: options.resize.width,
          height: options.resize.height,
          fit: options.resize.fit,
          withoutEnlargement: options.resize.fit === 'inside',
        });
      }
      let output: { data: Buffer; info: sharp.OutputInfo };
      try {
        output = await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: THUMBNAIL_QUALITY, mozjpeg: true }).toBuffer({ resolveWithObject: true });
      } catch {
        // A header that parses over a body that does not (a truncated or forged file).
        throw new AppError('UPLOAD_NOT_IMAGE');
      }
      const placed = await put(options.kind, `${options.baseName ?? randomUUID()}.jpg`, output.data, 'image/jpeg');
      return { name: placed.name, url: placed.url, width: output.info.width, height: output.info.height, bytes: output.data.length, data: output.data };
    },

    /** Removes a stored file; one already gone is not an error. */
    async remove(kind: MediaKind, name: string): Promise<void> {
      await objects.delete(keyFor(kind, name));
    },
  };
}

export type MediaStore = ReturnType<typeof mediaStore>;
