import { rename, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { LAYER_THUMBNAIL, THUMBNAIL_QUALITY } from '@studio/contract/constants';

/** A live thumbnail fits in 16:9 HD; the creation layer asks for its 100x66 crop. */
export const THUMBNAIL_SIZE = { width: 1280, height: 720 } as const;

export const layerCropPath = (thumbnailPath: string) => thumbnailPath.replace(/\.jpg$/, `-${LAYER_THUMBNAIL.width}x${LAYER_THUMBNAIL.height}.jpg`);

/** Writes the 100x66 crop (centre, quality 75) beside a stored JPEG thumbnail, whole or not at all. */
export async function writeLayerCrop(thumbnailPath: string): Promise<void> {
  const data = await sharp(thumbnailPath)
    .resize({ width: LAYER_THUMBNAIL.width, height: LAYER_THUMBNAIL.height, fit: 'cover' })
    .jpeg({ quality: THUMBNAIL_QUALITY, mozjpeg: true })
    .toBuffer();
  const target = layerCropPath(thumbnailPath);
  await writeFile(`${target}.part`, data);
  await rename(`${target}.part`, target);
}
