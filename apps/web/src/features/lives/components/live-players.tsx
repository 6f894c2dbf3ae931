import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LiveDetail, PlayerInfo } from '@studio/contract/live';
import { HlsPlayer } from '../../../components/media/hls-player';
import { Button } from '../../../components/ui/button';
import { Section } from '../../../components/ui/page';
import { liveQueryOptions } from '../api/get-live';
import { playerInfoQueryOptions } from '../api/get-player-info';
import { streamStateQueryOptions } from '../api/get-stream-state';
import { useLiveT } from '../messages';
import { PreviewPlayer } from './preview-player';
import { ReplayTrimLayer } from './replay-trim-layer';
import playerStyles from '../../../components/media/hls-player.module.css';
import styles from './live-detail.module.css';

/**
 * The private preview while video is received, the public HLS playback once
 * started, and the replay once closed. Player info is asked again whenever the
 * reception or the live's state changes, since its addresses follow them.
 */
export function LivePlayers({ live }: { live: LiveDetail }) {
  const tl = useLiveT();
  const { channelId, liveId } = live;
  // The same query as the state panel: one poll serves both.
  const state = useQuery(streamStateQueryOptions(channelId, liveId));
  const reception = state.data?.reception;
  const connectedAt = state.data?.connectedAt ?? null;
  const info = useQuery(playerInfoQueryOptions(channelId, liveId));
  const refetchInfo = info.refetch;

  useEffect(() => {
    void refetchInfo();
  }, [reception, connectedAt, live.status, refetchInfo]);

  // A replay settled or trimmed may come with a thumbnail taken from it: the live's own data is asked again.
  const queryClient = useQueryClient();
  const replayUrl = info.data?.replay?.url ?? null;
  useEffect(() => {
    if (replayUrl) void queryClient.invalidateQueries({ queryKey: liveQueryOptions(channelId, liveId).queryKey, exact: true });
  }, [replayUrl, channelId, liveId, queryClient]);

  const preview = reception === 'RECEIVING' ? info.data?.preview : null;

  return (
    <>
      <Section title={tl('preview.title')}>
        <div className={styles.playerSection}>
          {live.status === 'END' ? null : preview ? (
            // A new encoder connection is a new stream: a fresh player.
            <PreviewPlayer key={`${preview.url}|${connectedAt ?? ''}`} url={preview.url} />
          ) : (
            <div className={`${playerStyles.playerBox} ${styles.playerIdle}`} data-testid="live-preview-idle">
              <p>{tl('preview.waiting')}</p>
            </div>
          )}
          {live.status !== 'END' ? <p className={styles.hint}>{tl('preview.private')}</p> : null}
          {live.status === 'END' ? <Replay info={info.data} channelId={channelId} liveId={liveId} /> : null}
        </div>
      </Section>
      {live.status === 'START' && info.data?.playback ? (
        <Section title={tl('player.public')}>
          <div className={styles.playerSection}>
            <HlsPlayer url={info.data.playback.url} live testId="live-public-player" errorText={tl('player.error')} />
            <p className={styles.hint}>
              {tl('player.publicHint')} <code className={styles.mono}>{info.data.playback.url}</code>
            </p>
          </div>
        </Section>
      ) : null}
    </>
  );
}

/**
 * The replay once there is one; otherwise what the server knows of it: being prepared, none recorded,
 * or deleted. With a replay: trimming its start and end (decision 046), its progress and a failure's reason.
 */
function Replay({ info, channelId, liveId }: { info: PlayerInfo | undefined; channelId: number; liveId: number }) {
  const tl = useLiveT();
  const [trimming, setTrimming] = useState(false);
  const url = info?.replay?.url ?? null;
  const state = info?.replayState ?? 'PENDING';
  const absent = state === 'NONE' ? tl('player.replayNone') : state === 'DELETED' ? tl('player.replayDeleted') : tl('player.replayPending');
  const trim = info?.replayTrim ?? null;
  const duration = info?.replayDurationSeconds ?? null;
  return (
    <div className={styles.playerSection}>
      <h3 className={styles.subheading}>{tl('player.replay')}</h3>
      {url ? (
        // A trimmed replay has a new address: a fresh player.
        <HlsPlayer key={url} url={url} live={false} testId="live-replay" errorText={tl('player.error')} />
      ) : (
        <div className={`${playerStyles.playerBox} ${styles.playerIdle}`} data-testid="live-replay-absent" data-replay-state={state}>
          <p>{absent}</p>
        </div>
      )}
      {url && trim?.state === 'RUNNING' ? (
        <p className={styles.hint} role="status" data-testid="replay-trim-running">
          {tl('trim.running')}
        </p>
      ) : null}
      {url && trim?.state === 'FAILED' ? (
        <p className={styles.trimFailed} role="alert" data-testid="replay-trim-failed">
          {tl('trim.failed', { reason: trim.failure ? tl(`trim.failure.${trim.failure}`) : '' })}
        </p>
      ) : null}
      {url && duration !== null ? (
        <div>
          <ReplayTrimLayer
            channelId={channelId}
            liveId={liveId}
            durationSeconds={duration}
            open={trimming}
            onOpenChange={setTrimming}
            trigger={<Button disabled={trim?.state === 'RUNNING'}>{tl('trim.open')}</Button>}
          />
        </div>
      ) : null}
    </div>
  );
}
