import { useCallback, useEffect, useRef, useState } from 'react';
import type { DetailedError, Upload } from 'tus-js-client';
import { isErrorBody } from '@studio/contract/error-body';
import { LOOP_UPLOAD_CHUNK_BYTES, loopUploadPath } from '@studio/contract/loop';
import { serverUrl } from '../../../lib/runtime-config';
import { addSample, type RateSample } from '../utils/upload-rate';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; loopId: string | null; sent: number; total: number; samples: RateSample[]; offline: boolean; retrying: boolean }
  | { phase: 'done'; loopId: string }
  | { phase: 'failed'; code: string | null; message: string; extra: unknown };

/** Refusals that answer 409 (a status tus otherwise retries) but stay refused until the person acts. */
const FINAL_CODES: readonly string[] = ['LOOP_UPLOADS_LIMIT_REACHED', 'LOOP_UPLOAD_BYTES_LIMIT_REACHED'];

const errorBodyOf = (error: DetailedError): unknown => {
  try {
    return JSON.parse(error.originalResponse?.getBody() ?? '');
  } catch {
    return undefined;
  }
};
/** Retries spread over about a minute and a half: a dropped network or a server restart is waited out. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];

const loopIdOf = (url: string | null) => url?.split('/').pop() ?? null;

/**
 * A resumable upload of one file over tus. The browser remembers each upload by the file's
 * fingerprint (name, size, type, last change) and the endpoint, so choosing the same file after a
 * reload asks the server how much it has and continues from there.
 */
export function useTusUpload(channelId: number) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const current = useRef<Upload | null>(null);

  useEffect(() => () => void current.current?.abort(), []);

  const start = useCallback(
    async (file: File) => {
      const { Upload: TusUpload } = await import('tus-js-client');
      const endpoint = new URL(serverUrl(loopUploadPath(channelId)), window.location.href).href;
      setState({ phase: 'uploading', loopId: null, sent: 0, total: file.size, samples: [], offline: !navigator.onLine, retrying: false });
      const upload = new TusUpload(file, {
        endpoint,
        // Each piece is a resume point: an interrupted upload loses at most the piece in flight.
        chunkSize: LOOP_UPLOAD_CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        // The name tells this upload apart in the person's lists (the server keeps it as a label only).
        metadata: { filetype: file.type, filename: file.name },
        // Refusals (not a video, too large, not allowed) are final; the rest (network, 5xx, 423 locks) is retried.
        onShouldRetry: (error: DetailedError) => {
          const status = error.originalResponse?.getStatus() ?? 0;
          const body = errorBodyOf(error);
          if (isErrorBody(body) && FINAL_CODES.includes(body.code)) return false;
          const retry = status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
          // A request failed and will be tried again: the page says so instead of a stale pace.
          if (retry) setState((previous) => (previous.phase === 'uploading' ? { ...previous, retrying: true, samples: [] } : previous));
          return retry;
        },
        onProgress: (sent, total) =>
          setState((previous) => ({
            phase: 'uploading',
            loopId: loopIdOf(upload.url),
            sent,
            total,
            samples: addSample(previous.phase === 'uploading' ? previous.samples : [], { at: performance.now(), bytes: sent }),
            offline: !navigator.onLine,
            // Only bytes that really moved end "trying again" (a retried request reports its start first).
            retrying: previous.phase === 'uploading' && previous.retrying && sent <= previous.sent,
          })),
        onSuccess: () => {
          current.current = null;
          const loopId = loopIdOf(upload.url);
          setState(loopId ? { phase: 'done', loopId } : { phase: 'failed', code: null, message: '', extra: null });
        },
        onError: (error) => {
          current.current = null;
          const body = errorBodyOf(error as DetailedError);
          setState(isErrorBody(body) ? { phase: 'failed', code: body.code, message: body.message, extra: body.extra } : { phase: 'failed', code: null, message: error.message, extra: null });
        },
      });
      current.current = upload;
      const previous = await upload.findPreviousUploads();
      const newest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (newest) upload.resumeFromPreviousUpload(newest);
      upload.start();
    },
    [channelId],
  );

  /** Stops and tells the server to drop what it has. */
  const cancel = useCallback(async () => {
    const upload = current.current;
    current.current = null;
    setState({ phase: 'idle' });
    if (upload) await upload.abort(true).catch(() => undefined);
  }, []);

  // Going offline shows at once; tus's own retries take the upload up again when the network is back.
  useEffect(() => {
    const mark = () => setState((previous) => (previous.phase === 'uploading' ? { ...previous, offline: !navigator.onLine } : previous));
    window.addEventListener('online', mark);
    window.addEventListener('offline', mark);
    return () => {
      window.removeEventListener('online', mark);
      window.removeEventListener('offline', mark);
    };
  }, []);

  return { state, start, cancel, reset: () => setState({ phase: 'idle' }) };
}
