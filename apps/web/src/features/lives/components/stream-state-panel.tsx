import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { StreamHealthIssue, StreamState } from '@studio/contract/live';
import { Tag, type TagTone } from '../../../components/ui/badges';
import { Section } from '../../../components/ui/page';
import { useFormat } from '../../../lib/format/use-format';
import { streamStateQueryOptions } from '../api/get-stream-state';
import { useLiveT } from '../messages';
import { formatUptime, graceSecondsLeft, healthParams } from '../utils/stream-state-format';
import styles from './live-detail.module.css';

const receptionTone: Record<StreamState['reception'], TagTone> = {
  IDLE: 'neutral',
  RECEIVING: 'success',
  INTERRUPTED: 'warning',
  ENDED: 'neutral',
};

/**
 * Spec sections 3, 4 and 8: the stream state, polled every 5,000 ms, in the
 * manner of YouTube's stream health. A failed fetch says so in the spec's words.
 */
export function StreamStatePanel({ channelId, liveId }: { channelId: number; liveId: number }) {
  const tl = useLiveT();
  const state = useQuery(streamStateQueryOptions(channelId, liveId));

  return (
    <Section title={tl('state.title')}>
      <div
        className={styles.stateBody}
        data-testid="stream-state"
        data-reception={state.data?.reception ?? ''}
        data-awaiting-video={state.data?.awaitingVideo ? 'true' : 'false'}
      >
        {state.isError ? (
          <p className={styles.stateError} role="alert">
            {tl('state.fetchFailed')}
          </p>
        ) : null}
        {state.data ? <StreamStateView state={state.data} receivedAt={state.dataUpdatedAt} /> : null}
        <p className={styles.hint}>{tl('state.refreshHint')}</p>
      </div>
    </Section>
  );
}

function GraceCountdown({ state, receivedAt }: { state: StreamState; receivedAt: number }) {
  const tl = useLiveT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = graceSecondsLeft(state, receivedAt, now);
  if (seconds === null) return null;
  return (
    <p className={styles.graceCountdown} data-testid="grace-countdown" data-seconds={seconds}>
      {seconds > 0 ? tl('state.graceCountdown', { seconds }) : tl('state.graceOver')}
    </p>
  );
}

function StreamStateView({ state, receivedAt }: { state: StreamState; receivedAt: number }) {
  const tl = useLiveT();
  const format = useFormat();
  const none = tl('state.none');
  const reception = {
    IDLE: tl('state.waiting'),
    RECEIVING: tl('state.receiving'),
    INTERRUPTED: tl('state.interruptedShort'),
    ENDED: tl('status.END'),
  }[state.reception];

  return (
    <>
      <p className={styles.reception} role="status">
        <Tag tone={receptionTone[state.reception]}>{reception}</Tag>
        {state.reception === 'IDLE' && state.awaitingVideo ? <span className={styles.hint}>{tl('state.awaitingVideo')}</span> : null}
        {state.reception === 'INTERRUPTED' && state.graceEndsAt ? (
          <span className={styles.hint}>{tl('state.interrupted', { time: format.dateTime(state.graceEndsAt) })}</span>
        ) : null}
      </p>
      {state.reception === 'INTERRUPTED' ? <GraceCountdown state={state} receivedAt={receivedAt} /> : null}
      <dl className={styles.metrics}>
        <div>
          <dt>{tl('state.codec')}</dt>
          <dd>{[state.video?.codec, state.audio?.codec].filter(Boolean).join(' / ') || none}</dd>
        </div>
        <div>
          <dt>{tl('state.resolution')}</dt>
          <dd>{state.video ? `${state.video.width}×${state.video.height}` : none}</dd>
        </div>
        <div>
          <dt>{tl('state.frameRate')}</dt>
          <dd>{state.video ? tl('state.fps', { value: round(state.video.frameRate, 1) }) : none}</dd>
        </div>
        <div>
          <dt>{tl('state.videoBitrate')}</dt>
          <dd>{state.video ? tl('state.kbps', { value: format.count(state.video.bitrateKbps) }) : none}</dd>
        </div>
        <div>
          <dt>{tl('state.audioBitrate')}</dt>
          <dd>{state.audio ? tl('state.kbps', { value: format.count(state.audio.bitrateKbps) }) : none}</dd>
        </div>
        <div>
          <dt>{tl('state.uptime')}</dt>
          <dd>{state.uptimeSeconds !== null ? formatUptime(state.uptimeSeconds) : none}</dd>
        </div>
        <div>
          <dt>{tl('state.viewers')}</dt>
          <dd>{state.status === 'START' ? tl('state.viewerCount', { count: format.count(state.viewers), peak: format.count(state.peakViewers) }) : tl('state.peakOnly', { peak: format.count(state.peakViewers) })}</dd>
        </div>
      </dl>
      {state.reception === 'RECEIVING' || state.health.length > 0 ? <HealthList issues={state.health} /> : null}
    </>
  );
}

function HealthList({ issues }: { issues: StreamHealthIssue[] }) {
  const tl = useLiveT();
  return (
    <div className={styles.health}>
      <h3 className={styles.subheading}>{tl('state.health')}</h3>
      {issues.length === 0 ? (
        <p className={styles.hint}>{tl('state.healthy')}</p>
      ) : (
        <ul className={styles.healthList}>
          {issues.map((issue) => (
            <li key={issue.code} className={styles.healthItem} data-health={issue.code}>
              <Tag tone={issue.severity === 'ERROR' ? 'danger' : 'warning'}>{tl(`health.${issue.severity}`)}</Tag>
              <span>{tl(`health.${issue.code}`, healthParams(issue))}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
