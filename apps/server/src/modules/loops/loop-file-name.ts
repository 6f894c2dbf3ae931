import { LOOP_FILE_NAME_MAX } from '@studio/contract/constants';

/**
 * The name of the file a loop is uploaded from, as the browser declares it in tus's Upload-Metadata
 * (`filename <base64>`, comma-separated pairs). Only a label for the person's own list: control
 * characters go, a name longer than LOOP_FILE_NAME_MAX characters keeps its start and its extension
 * around an ellipsis, and anything unreadable is no name at all (the upload goes on without one).
 */
export function uploadFileName(metadata: string | string[] | undefined): string | null {
  if (typeof metadata !== 'string' || metadata.length > 8_192) return null;
  for (const pair of metadata.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key !== 'filename' || !value) continue;
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    // Control characters (and the replacement of undecodable bytes) are not part of a name anyone reads.
    // eslint-disable-next-line no-control-regex
    const decoded = Buffer.from(value, 'base64').toString('utf8').replace(/[\u0000-\u001f\u007f-\u009f\ufffd]/g, '').trim();
    if (!decoded) return null;
    const letters = Array.from(decoded);
    if (letters.length <= LOOP_FILE_NAME_MAX) return decoded;
    const dot = decoded.lastIndexOf('.');
    const extension = dot > 0 && decoded.length - dot <= 10 ? Array.from(decoded.slice(dot)) : [];
    return [...letters.slice(0, LOOP_FILE_NAME_MAX - 1 - extension.length), '…', ...extension].join('');
  }
  return null;
}
