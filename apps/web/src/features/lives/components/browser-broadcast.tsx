import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { isErrorBody } from '@studio/contract/errors';
import { livePaths, type LiveDetail } from '@studio/contract/live';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { Section } from '../../../components/ui/page';
import { errorCodeText, hasErrorCodeText, useErrorTextsLocale } from '../../../lib/i18n/i18n';
import { streamKeysQueryOptions } from '../api/get-stream-keys';
import { askStreamStateUntilReceiving } from '../api/get-stream-state';
import { useLiveT } from '../messages';
import styles from './live-detail.module.css';

type Source = 'camera' | 'screen';
type Phase = 'idle' | 'media' | 'connecting' | 'live' | 'failed';
/** What went wrong, as a text key of this page or an error code of the server. */
type Failure = { key: 'denied' | 'noDevice' | 'unsupported' | 'noH264' | 'connection' } | { code: string; fallback: string };

/** A broadcast in progress: what stopping it must undo. */
type Broadcast = { pc: RTCPeerConnection; stream: MediaStream; resource: string | null; stopAsking: () => void };

const GATHER_MS = 2000;

async function captureMedia(source: Source): Promise<MediaStream> {
  if (source === 'screen') {
    const screen = await navigator.mediaDevices.getDisplayMedia({ video: { frameRate: 30 }, audio: true });
    // The screen's own sound when the browser gives it, else the microphone if there is one.
    if (screen.getAudioTracks().length === 0) {
      const mic = await navigator.mediaDevices.getUserMedia({ audio: true }).catch(() => null);
      mic?.getAudioTracks().forEach((track) => screen.addTrack(track));
    }
    return screen;
  }
  return navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } }, audio: true });
}

/** The ingest passes video through: the browser is asked for H.264 only (setCodecPreferences). */
function preferH264(pc: RTCPeerConnection): boolean {
  const codecs = RTCRtpReceiver.getCapabilities('video')?.codecs ?? [];
  const h264 = codecs.filter((codec) => codec.mimeType.toLowerCase() === 'video/h264' && /packetization-mode=1/.test(codec.sdpFmtpLine ?? ''));
  if (h264.length === 0) return false;
  for (const transceiver of pc.getTransceivers()) {
    if (transceiver.sender.track?.kind === 'video') transceiver.setCodecPreferences(h264);
  }
  return true;
}

async function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState === 'complete') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

function mediaFailure(error: unknown): Failure {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'AbortError') return { key: 'denied' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return { key: 'noDevice' };
  return { key: 'unsupported' };
}

/**
 * Issue 24, point 2: go live from the browser. The camera and microphone (or a shared screen) go to
 * the ingest's WHIP endpoint with this live's stream key, into the same pipeline as OBS: the stream
 * state, preview, start and replay above work unchanged. Only those who may see the key (it is read
 * from the same list as the encoder settings) can broadcast with it.
 */
export function BrowserBroadcast({ live }: { live: LiveDetail }) {
  const tl = useLiveT();
  const locale = useErrorTextsLocale();
  const queryClient = useQueryClient();
  const keys = useQuery(streamKeysQueryOptions(live.channelId));
  const sourceName = useId();
  const [source, setSource] = useState<Source>('camera');
  const [phase, setPhase] = useState<Phase>('idle');
  const [failure, setFailure] = useState<Failure | null>(null);
  const broadcast = useRef<Broadcast | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const secret = keys.data?.find((key) => key.kampChannelId === live.kampChannelId)?.streamKey ?? null;

  const stop = async (next: Phase = 'idle') => {
    const current = broadcast.current;
    broadcast.current = null;
    if (current) {
      current.stopAsking();
      current.stream.getTracks().forEach((track) => track.stop());
      current.pc.close();
      if (current.resource) await fetch(current.resource, { method: 'DELETE' }).catch(() => undefined);
    }
    if (preview.current) preview.current.srcObject = null;
    setPhase(next);
  };

  // Leaving the page ends the broadcast (the server would end it after its idle time anyway).
  useEffect(
    () => () => {
      void stop();
    },
     
    [],
  );

  const start = async () => {
    if (!secret) return;
    setFailure(null);
    if (typeof RTCPeerConnection === 'undefined' || !navigator.mediaDevices) {
      setFailure({ key: 'unsupported' });
      return;
    }
    setPhase('media');
    let stream: MediaStream;
    try {
      stream = await captureMedia(source);
    } catch (error) {
      setFailure(mediaFailure(error));
      setPhase('idle');
      return;
    }
    const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
    broadcast.current = { pc, stream, resource: null, stopAsking: () => undefined };
    if (preview.current) preview.current.srcObject = stream;
    for (const track of stream.getTracks()) pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
    // Sharing a screen ended from the browser's own bar ends the broadcast.
    stream.getVideoTracks()[0]?.addEventListener('ended', () => void stop());
    if (!preferH264(pc)) {
      setFailure({ key: 'noH264' });
      await stop();
      return;
    }
    pc.addEventListener('connectionstatechange', () => {
      if (broadcast.current?.pc !== pc) return;
      if (pc.connectionState === 'connected') {
        setPhase('live');
        // The server says "receiving" once media flows: ask it now rather than at the next 5-second poll.
        broadcast.current.stopAsking();
        broadcast.current.stopAsking = askStreamStateUntilReceiving(queryClient, live.channelId, live.liveId);
      }
      if (pc.connectionState === 'failed') {
        setFailure({ key: 'connection' });
        void stop('failed');
      }
    });
    setPhase('connecting');
    try {
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      const response = await fetch(livePaths.whip, {
        method: 'POST',
        headers: { 'content-type': 'application/sdp', authorization: `Bearer ${secret}` },
        body: pc.localDescription?.sdp ?? '',
      });
      const text = await response.text();
      if (response.status !== 201) {
        const body: unknown = JSON.parse(text || 'null');
        setFailure(isErrorBody(body) ? { code: body.code, fallback: body.message } : { key: 'connection' });
        await stop();
        return;
      }
      if (broadcast.current?.pc !== pc) return;
      broadcast.current.resource = response.headers.get('location');
      await pc.setRemoteDescription({ type: 'answer', sdp: text });
    } catch {
      setFailure({ key: 'connection' });
      await stop();
    }
  };

  const failureText = failure === null ? null : 'key' in failure ? tl(`browser.error.${failure.key}`) : hasErrorCodeText(failure.code, locale) ? errorCodeText(failure.code, locale) : failure.fallback;
  const busy = phase === 'media' || phase === 'connecting' || phase === 'live';

  let body;
  if (keys.isPending) body = <Loading />;
  else if (keys.isError) body = <AsyncErrorBlock compact error={keys.error} onRetry={() => void keys.refetch()} />;
  else if (!secret) body = <p className={styles.hint}>{tl('browser.keyMissing')}</p>;
  else
    body = (
      <>
        <fieldset className={styles.browserSources} disabled={busy}>
          <legend className={styles.browserLegend}>{tl('browser.source')}</legend>
          {(['camera', 'screen'] as const).map((value) => (
            <label key={value} className={styles.browserSource}>
              <input type="radio" name={sourceName} value={value} checked={source === value} onChange={() => setSource(value)} />
              {tl(`browser.${value}`)}
            </label>
          ))}
        </fieldset>
        <video ref={preview} className={styles.browserPreview} muted autoPlay playsInline aria-label={tl('browser.preview')} hidden={!busy} data-testid="browser-preview" />
        <div className={styles.browserControls}>
          {busy ? (
            <Button size="small" variant="danger" onClick={() => void stop()} data-testid="browser-stop">
              {tl('browser.stop')}
            </Button>
          ) : (
            <Button size="small" onClick={() => void start()} data-testid="browser-start">
              {tl('browser.start')}
            </Button>
          )}
          <span className={styles.browserState} role="status" data-testid="browser-state" data-phase={phase}>
            {tl(`browser.state.${phase}`)}
          </span>
        </div>
        {failureText ? (
          <p className={styles.browserError} role="alert">
            {failureText}
          </p>
        ) : null}
      </>
    );

  return (
    <Section title={tl('browser.title')}>
      <div className={styles.ingest}>
        <p className={styles.hint}>{tl('browser.hint')}</p>
        {body}
      </div>
    </Section>
  );
}
