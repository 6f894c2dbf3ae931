import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { THUMBNAIL_QUALITY } from '@studio/contract/constants';
import { AppError } from '../lib/errors';

/** Folders under `$DATA_DIR/media`; a file's place is decided by the server, never by its uploader. */
export const MEDIA_KINDS = ['images', 'thumbnails', 'profiles', 'covers', 'loops', 'replays', 'live'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** URL prefix of stored media (served by media-routes.ts). */
export const MEDIA_PREFIX = '/media/';

/** Raster formats a person may upload; everything else (SVG, PDF, HTML renamed to .png) is refused by its content. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** Decompression bombs: a 20 KB file that decodes to gigapixels is refused before decoding. */
const MAX_INPUT_PIXELS = 50_000_000;

export type SavedImage = { name: string; url: string; width: number; height: number; bytes: number };

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

/**
 * Files of the studio on local disk under `$DATA_DIR/media/<kind>/<server-made name>`. Names are
 * random UUIDs, so URLs are unguessable and immutable; a file is written beside its final name and
 * renamed into place, so a reader never sees half a file.
 */
export function mediaStore(dataDir: string) {
  const root = path.resolve(dataDir, 'media');

  const pathFor = (kind: MediaKind, name: string) => {
    // Names come from this module; anything else (a path, dots) is refused rather than resolved.
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) || name.includes('..')) throw new AppError('NOT_FOUND');
    return path.join(root, kind, name);
  };

  const urlFor = (kind: MediaKind, name: string) => `${MEDIA_PREFIX}${kind}/${name}`;

  /**
   * A fresh, empty place for a file the server makes itself (a transcode, a recording), named by a new
   * UUID or by `baseName`, an unguessable name the caller made and can find again after a crash.
   */
  const reserve = async (kind: MediaKind, extension: string, baseName: string = randomUUID()) => {
    await mkdir(path.join(root, kind), { recursive: true });
    const name = `${baseName}.${extension.replace(/^\./, '')}`;
    return { name, path: pathFor(kind, name), url: urlFor(kind, name) };
  };

  return {
    root,
    pathFor,
    urlFor,
    reserve,

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
      const placed = await reserve(options.kind, 'jpg', options.baseName);
      const partial = `${placed.path}.part`;
      await writeFile(partial, output.data);
      await rename(partial, placed.path);
      return { name: placed.name, url: placed.url, width: output.info.width, height: output.info.height, bytes: output.data.length };
    },

    async remove(kind: MediaKind, name: string): Promise<void> {
      await rm(pathFor(kind, name), { force: true });
    },
  };
}

export type MediaStore = ReturnType<typeof mediaStore>;
