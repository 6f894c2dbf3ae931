import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { QueryBoundary } from '../../../components/errors/query-boundary';
import { errorCodeText, hasErrorCodeText, useErrorTextsLocale } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast';
import { loopLimitsQueryOptions } from '../api/get-loop-limits';
import { loopsQueryOptions } from '../api/get-loops';
import { useTusUpload } from '../hooks/use-tus-upload';
import { useLoopT } from '../messages';
import { checkFile, readMetadata } from '../utils/check-file';
import { orientationHint } from '../utils/orientation';
import { limitRefusal } from '../utils/limit-refusal';
import { LoopPanel } from './loop-panel';
import { UNFINISHED_HEADING_ID, UnfinishedUploads } from './unfinished-uploads';
import { UploadProgress } from './upload-progress';
import { UploadedLoops } from './uploaded-loops';
import styles from './loop-upload.module.css';

const loopFromHash = (hash: string) => /(?:^#|&)loop=([0-9a-f-]{36})/.exec(hash)?.[1] ?? null;

/**
 * Loop upload: pick or drop a video, checked before a byte is sent, uploaded resumably with its
 * pace, then processed on the server while the page shows how far it is. `#loop={id}` (the
 * landing of a loop's notification) opens that loop.
 */
export function LoopUploadPage({ channelId }: { channelId: number }) {
  const t = useLoopT();
  const locale = useErrorTextsLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: limits } = useSuspenseQuery(loopLimitsQueryOptions(channelId));
  const { data: loops } = useSuspenseQuery(loopsQueryOptions(channelId));
  const { state, start, cancel, reset } = useTusUpload(channelId);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [dragging, setDragging] = useState(false);
  // A clip that is not vertical waits here for the person's word before it is sent (issue 25: 9:16 is the format).
  const [sideways, setSideways] = useState<{ file: File; kind: 'landscape' | 'square'; width: number; height: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const activeLoopId = state.phase === 'done' ? state.loopId : loopFromHash(location.hash);

  useEffect(() => {
    if (state.phase !== 'done') return;
    void queryClient.invalidateQueries({ queryKey: loopsQueryOptions(channelId).queryKey });
    void navigate({ hash: `loop=${state.loopId}` }, { replace: true });
  }, [state, channelId, navigate, queryClient]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setSideways(null);
    setChecking(true);
    const metadata = await readMetadata(file);
    const found = checkFile(file, metadata, limits);
    setChecking(false);
    if (found) {
      setProblem(t(found.key, found.params));
      return;
    }
    const hint = orientationHint(metadata);
    if (hint && metadata.width !== null && metadata.height !== null) {
      setSideways({ file, kind: hint, width: metadata.width, height: metadata.height });
      return;
    }
    await send(file);
  };

  const send = async (file: File) => {
    setSideways(null);
    void navigate({ hash: '' }, { replace: true });
    await start(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  const refusal = state.phase === 'failed' ? limitRefusal(state.code, state.extra, locale) : null;
  const failure =
    state.phase === 'failed' && !refusal ? (state.code && hasErrorCodeText(state.code, locale) ? errorCodeText(state.code, locale, state.message) : state.message) : null;
  const unfinished = loops.content.filter((loop) => loop.status === null);
  // The bound counts every channel's uploads; this page lists this channel's.
  const elsewhere = refusal?.key === 'limit.uploads' && Number(refusal.params.unfinished) > unfinished.length;
  const showUnfinished = () => {
    const heading = document.getElementById(UNFINISHED_HEADING_ID);
    // Centred: the sticky top bar would cover a heading scrolled to the top.
    heading?.scrollIntoView({ block: 'center' });
    heading?.focus();
  };
  const processing = loops.content.filter((loop) => loop.status !== null && loop.id !== activeLoopId);

  return (
    <Page title={t('upload.title')} description={t('upload.description', { maxMb: Math.floor(limits.maxBytes / (1024 * 1024)), maxSeconds: limits.maxSeconds })}>
      <div className={styles.layout}>
        {state.phase === 'uploading' ? (
          <UploadProgress
            state={state}
            onCancel={() => {
              void cancel().then(() => showToast(t('upload.cancelled')));
            }}
          />
        ) : (
          <div
            className={`${styles.drop} ${dragging ? styles.dropActive : ''}`}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <p>{dragging ? t('upload.dropActive') : t('upload.drop')}</p>
            <input
              ref={input}
              id="loop-file"
              type="file"
              aria-label={t('upload.pick')}
              tabIndex={-1}
              className={styles.visuallyHidden}
              accept={limits.accept.join(',')}
              onChange={(event) => {
                void choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <Button variant="primary" onClick={() => input.current?.click()} disabled={checking}>
              {t('upload.pick')}
            </Button>
            {checking ? <p role="status">{t('upload.checking')}</p> : null}
            {sideways ? (
              <div role="alert" className={styles.hint}>
                <p>{t(`orientation.${sideways.kind}`, { width: sideways.width, height: sideways.height })}</p>
                <p className={styles.muted}>{t('orientation.advice')}</p>
                <div className={styles.row}>
                  <Button variant="primary" onClick={() => void send(sideways.file)}>
                    {t('orientation.upload')}
                  </Button>
                  <Button onClick={() => input.current?.click()}>{t('orientation.choose')}</Button>
                </div>
              </div>
            ) : null}
            {problem ? (
              <p role="alert" className={styles.error}>
                {problem}
              </p>
            ) : null}
            {failure !== null ? (
              <p role="alert" className={styles.error}>
                {t('upload.failed', { reason: failure })}
              </p>
            ) : null}
            {refusal ? (
              <div role="alert" className={styles.refusal}>
                <p className={styles.error}>{t(refusal.key, refusal.params)}</p>
                {elsewhere ? <p className={styles.muted}>{t('limit.elsewhere')}</p> : null}
                {unfinished.length ? (
                  <Button size="small" onClick={showUnfinished}>
                    {t('limit.show')}
                  </Button>
                ) : null}
              </div>
            ) : null}
            {state.phase === 'failed' ? <Button onClick={reset}>{t('upload.discard')}</Button> : null}
          </div>
        )}

        {unfinished.length && state.phase !== 'uploading' ? (
          <UnfinishedUploads
            channelId={channelId}
            loops={unfinished}
            bounds={{ max: limits.maxUnfinished, hours: limits.idleHours }}
            onCancelled={() => {
              // Room again: the refusal no longer holds.
              if (refusal) reset();
            }}
          />
        ) : null}

        {activeLoopId ? (
          <QueryBoundary>
            <LoopPanel key={activeLoopId} channelId={channelId} loopId={activeLoopId} onGone={() => void navigate({ hash: '' }, { replace: true })} />
          </QueryBoundary>
        ) : null}

        {processing.length ? <UploadedLoops loops={processing} onOpen={(loopId) => void navigate({ hash: `loop=${loopId}` })} /> : null}
      </div>
    </Page>
  );
}
