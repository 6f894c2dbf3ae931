import sharp from 'sharp';
import { LAYER_THUMBNAIL, THUMBNAIL_QUALITY } from '@studio/contract/constants';
import type { MediaStore } from '../../media/media-store';

/** A live thumbnail fits in 16:9 HD; the creation layer asks for its 100x66 crop. */
export const THUMBNAIL_SIZE = { width: 1280, height: 720 } as const;

export const layerCropName = (thumbnailName: string) => thumbnailName.replace(/\.jpg$/, `-${LAYER_THUMBNAIL.width}x${LAYER_THUMBNAIL.height}.jpg`);

/** Stores the 100x66 crop (centre, quality 75) of a stored JPEG thumbnail beside it, whole or not at all. */
export async function writeLayerCrop(media: MediaStore, saved: { name: string; data: Buffer }): Promise<void> {
  const data = await sharp(saved.data)
    .resize({ width: LAYER_THUMBNAIL.width, height: LAYER_THUMBNAIL.height, fit: 'cover' })
    .jpeg({ quality: THUMBNAIL_QUALITY, mozjpeg: true })
    .toBuffer();
  await media.put('thumbnails', layerCropName(saved.name), data, 'image/jpeg');
}
