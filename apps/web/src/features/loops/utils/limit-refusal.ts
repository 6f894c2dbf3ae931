import { LoopUploadBytesLimitExtra, LoopUploadsLimitExtra } from '@studio/contract/loop';
import type { Locale } from '../../../lib/i18n/i18n';
import type { LoopMessageKey } from '../messages';
import { formatBytes } from './format-bytes';

export type LimitRefusal = { key: LoopMessageKey; params: Record<string, string | number> };

/**
 * A refusal for what the person already holds unfinished, worded with the numbers the server sent
 * (`extra`); null for any other failure, or when the numbers are missing (the code's own text then).
 */
export function limitRefusal(code: string | null, extra: unknown, locale: Locale): LimitRefusal | null {
  if (code === 'LOOP_UPLOADS_LIMIT_REACHED') {
    const parsed = LoopUploadsLimitExtra.safeParse(extra);
    return parsed.success ? { key: 'limit.uploads', params: { unfinished: parsed.data.unfinished, max: parsed.data.maxUnfinished } } : null;
  }
  if (code === 'LOOP_UPLOAD_BYTES_LIMIT_REACHED') {
    const parsed = LoopUploadBytesLimitExtra.safeParse(extra);
    if (!parsed.success) return null;
    const { unfinishedBytes, requestedBytes, maxUnfinishedBytes } = parsed.data;
    return { key: 'limit.bytes', params: { unfinished: formatBytes(unfinishedBytes, locale), requested: formatBytes(requestedBytes, locale), max: formatBytes(maxUnfinishedBytes, locale) } };
  }
  return null;
}
