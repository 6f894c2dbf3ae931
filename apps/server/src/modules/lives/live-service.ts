import type { Transaction } from 'kysely';
import { createOptionsFor } from '@studio/contract/channel';
import { LIVE_CONCURRENT_WINDOW_SECONDS } from '@studio/contract/views';
import {
  livePaths,
  MAX_STREAM_KEYS,
  type LiveDetail,
  type PlayerInfo,
  type StreamKey,
  type StreamReception,
  type StreamState,
} from '@studio/contract/live';
import type { Database, ChannelRow, Db, LiveRow, StreamKeyRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { channelNameAndStatus, toChannel } from '../channels/channel-repository';
import { channelCrewIds, memberRole } from '../members/member-repository';
import { landing, notify } from '../notifications/notification-producer';
import type { HlsRecorder } from './ingest/hls-recorder';
import type { StreamLink } from './ingest/ingest-node';
import type { RestreamForwarder } from './ingest/restream-forwarder';
import type { StreamHub } from './ingest/stream-hub';
import { figuresOf, streamHealth, type StreamFigures } from './ingest/stream-stats';
import type { KeyAttemptLimiter } from './key-attempts';
import { liveRepository, toLiveDetail, type LiveRecord } from './live-repository';
import { replayTrimRepository, toReplayTrim } from './replay-trim-repository';
import { streamKeyRepository } from './stream-key-repository';
import { findReplayContent, updateContentRow } from '../contents/content-repository';
import { nextStatus } from '../contents/content-transitions';
import { isUniqueViolation } from '../../db/database';
import { livePresenceRepository } from '../views/live-presence-repository';

export type GraceScheduler = (trx: Transaction<Database>, job: { liveId: number; interruptedAt: Date; closeAt: Date }) => Promise<void>;
/** Queues the settling of a closed live's recording, in the transaction that closed it. */
export type ReplayScheduler = (trx: Transaction<Database>, job: { liveId: number; actorId: number | null }) => Promise<void>;

export type LiveServiceOptions = {
  db: Db;
  clock: Clock;
  hub: StreamHub;
  recorder: HlsRecorder;
  /** What OBS is told as "Server". */
  serverUrl: () => string;
  graceSeconds: number;
  scheduleGraceClose: GraceScheduler;
  scheduleReplay: ReplayScheduler;
  /** Settles a closed live's recording now (its replay content, or none); the queued job is the fallback. */
  settleReplay(liveId: number, actorId: number | null): Promise<unknown>;
  /** Queues the removal of a deleted replay's recording, in the deleting transaction. */
  queueRecordingRemoval(trx: Transaction<Database>, liveId: number): Promise<void>;
  /** Wrong keys per client address (STREAM_KEY_ATTEMPTS_PER_MINUTE). */
  keyAttempts: KeyAttemptLimiter;
  /** Restreaming (issue 24, point 3): follows the recorder, on air while the stream is received. */
  restream?: Pick<RestreamForwarder, 'start' | 'stop' | 'liveIds'>;
  /**
   * The ingest nodes' failover window (INGEST_NODE_TIMEOUT_SECONDS): a publishing flag naming a node
   * whose heartbeat is older counts as no flag (decision 059).
   */
  claimTimeoutSeconds: number;
  /**
   * Streams held by another ingest node (decision 050): their figures, ending their publisher, their
   * recording's start and end. Without one, only this process's hub is known.
   */
  link?: Pick<StreamLink, 'figures' | 'kick' | 'onAir' | 'offAir' | 'heldElsewhere'>;
  /** The ingest node whose publishers this process's hub holds (null: nginx-rtmp, which names none). */
  ingestNode?: string | null;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
};

/** The create-option rule: mutations need the channel in SERVICE and its live service in SERVICE. */
export function assertLiveEnabled(channel: ChannelRow): void {
  if (!createOptionsFor(toChannel(channel)).includes('LIVE')) {
    throw new AppError('CREATE_OPTION_DISABLED', undefined, { option: 'LIVE', channelStatus: channel.status });
  }
}

/**
 * The rules of live broadcasting (spec section 4): stream keys, the life of a
 * live (READY → START → END, or deleted), what the ingest receives, and the
 * grace period of an encoder that dropped while on air.
 */
export function liveService(options: LiveServiceOptions) {
  const { db, clock, hub, recorder } = options;
  const keys = streamKeyRepository(db, options.claimTimeoutSeconds);
  const lives = liveRepository(db);
  const presence = livePresenceRepository(db);

  // A target that cannot be reached, or a forwarder that fails, never fails the live's own calls.
  const forwardStart = (liveId: number, streamKeyId: number) =>
    void options.restream?.start(liveId, streamKeyId).catch((error: unknown) => options.log.warn({ err: error, liveId }, 'could not start restreaming'));
  const forwardStop = (liveId: number) => options.restream?.stop(liveId).catch((error: unknown) => options.log.warn({ err: error, liveId }, 'could not stop restreaming'));

  /** The live went on air: it records (and restreams) where its key's publisher is, here or on another node. */
  async function recordOnAir(liveId: number, streamKeyId: number): Promise<void> {
    if (hub.isPublishing(streamKeyId) || !options.link) {
      await recorder.start(liveId, streamKeyId);
      forwardStart(liveId, streamKeyId);
      return;
    }
    await options.link.onAir(streamKeyId);
  }

  /** The live closed: its recording and forwards end here and on any other node, each stored before this resolves. */
  async function recordOffAir(liveId: number): Promise<void> {
    await Promise.all([recorder.stop(liveId), forwardStop(liveId), options.link?.offAir(liveId)]);
  }

  /** A publication's figures: from this hub, or from the node that holds it. */
  async function figures(streamKeyId: number): Promise<StreamFigures | null> {
    const stats = hub.stats(streamKeyId);
    if (stats) return figuresOf(stats, Date.now());
    return (await options.link?.figures(streamKeyId)) ?? null;
  }

  const toStreamKey = (row: StreamKeyRow & { is_live: boolean }): StreamKey => ({
    id: row.id,
    kampChannelId: row.kamp_channel_id,
    channelId: row.channel_id,
    title: row.title,
    isLive: row.is_live,
    streamKey: row.secret,
    serverUrl: options.serverUrl(),
    createdAt: row.created_at.toISOString(),
  });

  async function requireLive(channelId: number, liveId: number): Promise<LiveRecord> {
    const live = await lives.find(db, channelId, liveId);
    if (!live) throw new AppError('LIVE_NOT_FOUND');
    return live;
  }

  async function requireKey(channelId: number, kampChannelId: string) {
    const key = await keys.find(db, channelId, kampChannelId);
    if (!key) throw new AppError('STREAM_KEY_NOT_FOUND');
    return key;
  }

  /** Whether video of the key arrives (either ingest records it in the database): its claim alone is not enough (decision 062). */
  async function keyReceiving(executor: Db | Transaction<Database>, streamKeyId: number): Promise<boolean> {
    if (hub.isReceiving(streamKeyId)) return true;
    const key = await keys.findById(executor, streamKeyId);
    return Boolean(key?.receiving_since);
  }

  /**
   * Whether video of the key reaches an ingest (decision 062): from its first keyframe at a hub (this one, or
   * another node's that wrote receiving_since). The key's claim alone (a WHIP offer, an RTMP connection
   * before its first frame) is not reception: it still holds the key for five-at-once and reissue.
   */
  const mediaFlows = (streamKeyId: number, key: { receiving_since: Date | null } | undefined) =>
    hub.isReceiving(streamKeyId) || Boolean(key?.receiving_since);

  function reception(live: LiveRow, receiving: boolean, keyOnAirElsewhere: boolean): StreamReception {
    if (live.status === 'END') return 'ENDED';
    if (live.status === 'START' && live.interrupted_at) return 'INTERRUPTED';
    if (!receiving || (live.status === 'READY' && keyOnAirElsewhere)) return 'IDLE';
    return 'RECEIVING';
  }

  /**
   * Tells the channel's owner and managers (they run its broadcasts; credit managers
   * handle revenue only) what happened to a live, in the transaction that changed it,
   * so only the call that really moved the live tells anyone and a rolled-back one
   * tells nobody. `actorId` is left out: the person who pressed start or close saw it.
   * Without one (the encoder dropped, the grace period ran out) the whole crew hears.
   */
  async function tellCrew(
    trx: Transaction<Database>,
    live: LiveRow,
    type: 'LIVE_STARTED' | 'LIVE_ENDED' | 'LIVE_INTERRUPTED' | 'LIVE_AUTO_CLOSED',
    actorId: number | null,
    at: Date,
  ): Promise<void> {
    const channel = await channelNameAndStatus(trx, live.channel_id);
    const crew = (await channelCrewIds(trx, live.channel_id)).filter((id) => id !== actorId);
    await notify(trx, {
      to: crew,
      channel: { id: channel.id, name: channel.name },
      type,
      params: { title: live.title, ...(type === 'LIVE_INTERRUPTED' ? { graceMinutes: Math.ceil(options.graceSeconds / 60) } : {}) },
      landingUrl: landing.live(live.channel_id, live.id),
      at,
    });
  }

  /** A failure here is the queued job's to retry: the close itself has happened. */
  async function settleQuietly(liveId: number, actorId: number | null): Promise<void> {
    await options.settleReplay(liveId, actorId).catch((error: unknown) => options.log.warn({ err: error, liveId }, 'replay not settled yet: the job will retry'));
  }

  return {
    serverUrl: options.serverUrl,

    // ---- stream keys -------------------------------------------------------

    async listKeys(channelId: number): Promise<StreamKey[]> {
      return (await keys.list(channelId)).map(toStreamKey);
    },

    async createKey(channel: ChannelRow, title: string): Promise<string> {
      assertLiveEnabled(channel);
      return db.transaction().execute(async (trx) => {
        await lives.lockChannel(trx, channel.id);
        if ((await keys.count(trx, channel.id)) >= MAX_STREAM_KEYS) throw new AppError('STREAM_KEY_LIMIT_REACHED');
        return (await keys.insert(trx, channel.id, title, clock.now())).kamp_channel_id;
      });
    },

    async renameKey(channel: ChannelRow, kampChannelId: string, title: string): Promise<void> {
      assertLiveEnabled(channel);
      const outcome = await keys.rename(channel.id, kampChannelId, title);
      if (outcome === 'missing') throw new AppError('STREAM_KEY_NOT_FOUND');
      if (outcome === 'on-air') throw new AppError('STREAM_KEY_ON_AIR');
    },

    /** A new secret; whoever publishes with the old one is disconnected at once. */
    async reissueKey(channel: ChannelRow, kampChannelId: string): Promise<StreamKey> {
      assertLiveEnabled(channel);
      const row = await keys.reissue(channel.id, kampChannelId);
      if (!row) throw new AppError('STREAM_KEY_NOT_FOUND');
      if (options.link) await options.link.kick(row.id);
      else hub.kick(row.id);
      const key = await requireKey(channel.id, kampChannelId);
      return toStreamKey(key);
    },

    // ---- lives -------------------------------------------------------------

    list: lives.page.bind(lives),

    async get(channelId: number, liveId: number): Promise<LiveDetail> {
      return toLiveDetail(await requireLive(channelId, liveId));
    },

    async createFromKey(channel: ChannelRow, kampChannelId: string): Promise<number> {
      assertLiveEnabled(channel);
      const key = await requireKey(channel.id, kampChannelId);
      return lives.insert(db, { channelId: channel.id, streamKeyId: key.id, title: key.title, description: '', thumbnailUrl: null, at: clock.now() });
    },

    /** A new READY live with the settings of a previous one (spec section 3, channelLiveId). */
    async clone(channel: ChannelRow, liveId: number): Promise<number> {
      assertLiveEnabled(channel);
      const previous = await requireLive(channel.id, liveId);
      return lives.insert(db, {
        channelId: channel.id,
        streamKeyId: previous.stream_key_id,
        title: previous.title,
        description: previous.description,
        thumbnailUrl: previous.thumbnail_url,
        at: clock.now(),
      });
    },

    async update(channel: ChannelRow, liveId: number, values: { title: string; description: string }): Promise<LiveDetail> {
      assertLiveEnabled(channel);
      if (!(await lives.update(channel.id, liveId, values))) throw new AppError('LIVE_NOT_FOUND');
      return toLiveDetail(await requireLive(channel.id, liveId));
    },

    async setThumbnail(channel: ChannelRow, liveId: number, thumbnailUrl: string): Promise<void> {
      assertLiveEnabled(channel);
      if (!(await lives.update(channel.id, liveId, { thumbnail_url: thumbnailUrl }))) throw new AppError('LIVE_NOT_FOUND');
    },

    async assertExists(channelId: number, liveId: number): Promise<void> {
      await requireLive(channelId, liveId);
    },

    /**
     * Only a live off air is deleted; one that went on air meanwhile answers LIVE_STATE_CHANGED. Its
     * replay goes with it: the content moves to DELETE through the transition table and the recording's
     * files are queued for removal, in the same transaction.
     */
    async remove(channel: ChannelRow, liveId: number): Promise<void> {
      assertLiveEnabled(channel);
      const deleted = await db.transaction().execute(async (trx) => {
        const live = await lives.lockById(trx, liveId);
        if (!live || live.channel_id !== channel.id || live.status === 'START') return false;
        const replay = await findReplayContent(trx, liveId);
        const to = replay ? nextStatus('DELETE', replay.status) : null;
        if (replay && to) await updateContentRow(trx, replay, { status: to, reserved_at: null, reservation_visibility: null }, clock.now());
        if (live.replay_state === 'READY' || live.has_recording) await options.queueRecordingRemoval(trx, liveId);
        return lives.deleteIfOffAir(trx, channel.id, liveId);
      });
      if (deleted) return;
      await requireLive(channel.id, liveId);
      throw new AppError('LIVE_STATE_CHANGED');
    },

    /**
     * READY → START, only while video is received, in one of the channel's five
     * slots. Starts of one channel take turns behind the channel's row lock.
     */
    async start(channel: ChannelRow, liveId: number, actorId: number): Promise<LiveDetail> {
      assertLiveEnabled(channel);
      const started = await db
        .transaction()
        .execute(async (trx) => {
          await lives.lockChannel(trx, channel.id);
          const live = await lives.find(trx, channel.id, liveId);
          if (!live) throw new AppError('LIVE_NOT_FOUND');
          if (live.status !== 'READY') throw new AppError('LIVE_STATE_CHANGED', undefined, { status: live.status });
          if (!(await keyReceiving(trx, live.stream_key_id))) throw new AppError('LIVE_NOT_RECEIVING');
          const now = clock.now();
          const row = await lives.startInFreeSlot(trx, channel.id, liveId, now);
          if (row === 'no-slot') throw new AppError('LIVE_LIMIT_REACHED');
          if (!row) throw new AppError('LIVE_STATE_CHANGED');
          await tellCrew(trx, row, 'LIVE_STARTED', actorId, now);
          return row;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'lives_one_on_air_per_key')) throw new AppError('STREAM_KEY_IN_USE');
          if (isUniqueViolation(error, 'lives_slot_per_channel')) throw new AppError('LIVE_LIMIT_REACHED');
          throw error;
        });
      await recordOnAir(started.id, started.stream_key_id);
      return toLiveDetail(await requireLive(channel.id, liveId));
    },

    /** START → END; the recording stays as the replay. */
    async close(channel: ChannelRow, liveId: number, actorId: number): Promise<LiveDetail> {
      assertLiveEnabled(channel);
      const closed = await db.transaction().execute(async (trx) => {
        const now = clock.now();
        const row = await lives.close(trx, liveId, now);
        if (!row) return undefined;
        // Another channel's live is not this caller's to close: thrown, so the UPDATE rolls back.
        if (row.channel_id !== channel.id) throw new AppError('LIVE_NOT_FOUND');
        await tellCrew(trx, row, 'LIVE_ENDED', actorId, now);
        await options.scheduleReplay(trx, { liveId, actorId });
        return row;
      });
      if (!closed) {
        await requireLive(channel.id, liveId);
        throw new AppError('LIVE_STATE_CHANGED');
      }
      await recordOffAir(liveId);
      // The recording is whole now: its replay is made right away, after the answer (a thumbnail takes
      // ffmpeg a moment); the queued job is there for a close whose settling did not happen.
      void settleQuietly(liveId, actorId);
      return toLiveDetail(await requireLive(channel.id, liveId));
    },

    async changeStream(channel: ChannelRow, liveId: number, kampChannelId: string): Promise<LiveDetail> {
      assertLiveEnabled(channel);
      const key = await requireKey(channel.id, kampChannelId);
      if (!(await lives.changeStream(channel.id, liveId, key.id))) {
        await requireLive(channel.id, liveId);
        throw new AppError('LIVE_STATE_CHANGED');
      }
      return toLiveDetail(await requireLive(channel.id, liveId));
    },

    async playerInfo(channelId: number, liveId: number): Promise<PlayerInfo> {
      const live = await requireLive(channelId, liveId);
      const key = await keys.find(db, channelId, live.kamp_channel_id);
      const received = mediaFlows(live.stream_key_id, key);
      const receiving = received && live.status !== 'END' && !(live.status === 'READY' && key?.is_live);
      const replay = live.status === 'END' && live.replay_state === 'READY' ? await findReplayContent(db, liveId) : undefined;
      // A replay deleted since is gone with its files: there is nothing to play.
      const playable = replay !== undefined && replay.status !== 'DELETE';
      const trim = playable ? await replayTrimRepository.latest(db, liveId) : undefined;
      return {
        liveId: live.id,
        status: live.status,
        preview: receiving ? { url: livePaths.preview(channelId, liveId), type: 'flv' } : null,
        playback: live.status === 'START' ? { url: livePaths.publicPlaylist(liveId), type: 'hls' } : null,
        // The replay's own playlist: a trimmed one once a trim swapped it (decision 046).
        replay: playable ? { url: replay.video_url ?? livePaths.publicPlaylist(liveId), type: 'hls' } : null,
        replayState: live.status !== 'END' ? null : live.replay_state === null ? 'PENDING' : live.replay_state === 'NONE' ? 'NONE' : playable ? 'READY' : 'DELETED',
        replayContentId: playable ? replay.id : null,
        replayDurationSeconds: playable ? replay.duration_seconds : null,
        replayTrim: trim ? toReplayTrim(trim) : null,
      };
    },

    /** The key whose publication the private preview shows, or LIVE_NOT_RECEIVING. */
    async previewKey(channelId: number, liveId: number): Promise<number> {
      const live = await requireLive(channelId, liveId);
      const key = await keys.find(db, channelId, live.kamp_channel_id);
      const received = hub.isPublishing(live.stream_key_id) || Boolean(key?.publishing_since);
      if (live.status === 'END' || (live.status === 'READY' && key?.is_live) || !received) throw new AppError('LIVE_NOT_RECEIVING');
      return live.stream_key_id;
    },

    async streamState(channelId: number, liveId: number): Promise<StreamState> {
      const live = await requireLive(channelId, liveId);
      const key = await keys.find(db, channelId, live.kamp_channel_id);
      const receiving = mediaFlows(live.stream_key_id, key);
      const claimed = Boolean(key?.publishing_since) || hub.isPublishing(live.stream_key_id);
      const state = reception(live, receiving, live.status === 'READY' && Boolean(key?.is_live));
      const now = clock.now();
      const stats = state === 'RECEIVING' ? await figures(live.stream_key_id) : null;
      const snapshot = stats?.snapshot ?? null;
      const connectedAt = state === 'RECEIVING' ? (stats ? new Date(stats.connectedAt) : (key?.receiving_since ?? null)) : null;
      const audience = await presence.audience(live.id, now, new Date(now.getTime() - LIVE_CONCURRENT_WINDOW_SECONDS * 1000));
      return {
        liveId: live.id,
        status: live.status,
        reception: state,
        // An encoder holds the key but no video has arrived yet (a WHIP session connecting): the page says so.
        awaitingVideo: state === 'IDLE' && claimed && !receiving && live.status !== 'END' && !(live.status === 'READY' && Boolean(key?.is_live)),
        video:
          stats && snapshot && stats.videoCodec
            ? {
                codec: stats.videoCodec,
                width: stats.width,
                height: stats.height,
                frameRate: snapshot.frameRate,
                bitrateKbps: snapshot.videoKbps,
                keyframeIntervalSeconds: snapshot.keyframeIntervalSeconds,
              }
            : null,
        audio:
          stats && snapshot && stats.audioCodec
            ? { codec: stats.audioCodec, sampleRate: stats.sampleRate, channels: stats.channels, bitrateKbps: snapshot.audioKbps }
            : null,
        connectedAt: connectedAt?.toISOString() ?? null,
        uptimeSeconds: connectedAt ? Math.max(0, Math.floor((now.getTime() - connectedAt.getTime()) / 1000)) : null,
        interruptedAt: state === 'INTERRUPTED' ? (live.interrupted_at?.toISOString() ?? null) : null,
        graceEndsAt:
          state === 'INTERRUPTED' && live.interrupted_at ? new Date(live.interrupted_at.getTime() + options.graceSeconds * 1000).toISOString() : null,
        health: streamHealth(state, snapshot, stats?.height ?? 0),
        ...audience,
        checkedAt: now.toISOString(),
      };
    },

    // ---- the ingest's callbacks (embedded RTMP and nginx-rtmp alike) ------

    /**
     * A publish attempt from a client address: the key's id when the secret is a current key, else null.
     * An address past its wrong keys of the minute is refused (RATE_LIMITED) before any look-up.
     */
    async authorizePublish(app: string, secret: string, address: string, ingest: 'hub' | 'nginx' = 'hub'): Promise<number | null> {
      const key = await this.checkSecret(app === 'live' ? secret : '', address);
      if (!key) return null;
      // Media counts from the hub's first video keyframe (mediaArrived); nginx-rtmp has no hub, so from its on_publish.
      const at = clock.now();
      await keys.setPublishing(key.id, at, options.ingestNode ?? null, ingest === 'nginx' ? at : null);
      await lives.markResumed(key.id);
      return key.id;
    },

    /**
     * The key a secret names, or null for a wrong, reissued or deleted one (counted against the address,
     * as at the RTMP ingest). An address past its wrong keys of the minute is refused (RATE_LIMITED) unheard.
     */
    async checkSecret(secret: string, address: string): Promise<StreamKeyRow | null> {
      if (!options.keyAttempts.allows(address)) throw new AppError('RATE_LIMITED');
      const key = /^live_[0-9a-f]{40}$/.test(secret) ? await keys.findBySecret(secret) : undefined;
      if (key) return key;
      options.keyAttempts.failed(address);
      return null;
    },

    /**
     * A WHIP session claims its key (issue 24, point 2): false while anything publishes with it (a session,
     * OBS over RTMP), so of parallel offers on one key one gets the session. An on-air live of the key
     * that waits for its encoder continues, as with RTMP.
     */
    async claimPublish(streamKeyId: number): Promise<boolean> {
      if (hub.isPublishing(streamKeyId) || !(await keys.claimPublishing(streamKeyId, clock.now(), options.ingestNode ?? null))) return false;
      await lives.markResumed(streamKeyId);
      return true;
    },

    /**
     * The hub's first video keyframe of the key's publisher (its `media` event): the key is receiving from
     * now on (decision 062), for every instance that reads the key. Only while this node's claim stands.
     */
    async mediaArrived(streamKeyId: number): Promise<void> {
      await keys.setReceiving(streamKeyId, clock.now(), options.ingestNode ?? null);
    },

    /**
     * The publisher of an accepted key went away from node `node` (undefined: whichever, nginx-rtmp): an
     * on-air live waits for it through the grace period, unless another node receives the key by now.
     */
    async publishDone(streamKeyId: number, node: string | null | undefined = options.ingestNode ?? undefined): Promise<void> {
      await keys.release(streamKeyId, node);
      await this.interruptIfIdle(streamKeyId);
    },

    /** An on-air live of a key nobody receives is interrupted (once), and its grace period starts. */
    async interruptIfIdle(streamKeyId: number): Promise<void> {
      const at = clock.now();
      const closeAt = new Date(at.getTime() + options.graceSeconds * 1000);
      await db.transaction().execute(async (trx) => {
        const live = await lives.markInterrupted(trx, streamKeyId, at);
        if (!live) return;
        await tellCrew(trx, live, 'LIVE_INTERRUPTED', null, at);
        await options.scheduleGraceClose(trx, { liveId: live.id, interruptedAt: at, closeAt });
        options.log.info({ liveId: live.id, closeAt }, 'live interrupted: waiting for the encoder');
      });
    },

    /** nginx-rtmp's on_publish_done names the secret; a key reissued meanwhile is found by nothing. */
    async publishDoneBySecret(secret: string): Promise<void> {
      const key = /^live_[0-9a-f]{40}$/.test(secret) ? await keys.findBySecret(secret) : undefined;
      if (key) await this.publishDone(key.id, undefined);
    },

    /** This node still receives a key whose flag was let go (it was taken for dead a moment): it holds it again and its live goes on. */
    async reclaim(streamKeyId: number, since: Date): Promise<boolean> {
      const receiving = hub.isReceiving(streamKeyId) ? since : null;
      if (!options.ingestNode || !(await keys.claimPublishing(streamKeyId, since, options.ingestNode, receiving))) return false;
      await lives.markResumed(streamKeyId);
      await this.publishStarted(streamKeyId);
      return true;
    },

    /** A key received here whose live is on air records (the on-air command may not have arrived). */
    async keepRecording(streamKeyId: number): Promise<void> {
      const live = await lives.currentForKey(streamKeyId);
      if (live?.status === 'START' && !recorder.isRecording(live.id)) await this.publishStarted(streamKeyId);
    },

    /**
     * Recordings and forwards running here for lives that are no longer on air (closed or deleted on a
     * web instance whose off-air command never arrived, decision 059): ended as that command ends them,
     * the last segment and the playlist's end stored. Answers the lives ended.
     */
    async endOffAir(): Promise<number[]> {
      const here = [...new Set([...recorder.liveIds(), ...(options.restream?.liveIds() ?? [])])];
      const onAir = await lives.onAirAmong(here);
      const ended = here.filter((liveId) => !onAir.has(liveId));
      await Promise.all(ended.map(async (liveId) => Promise.all([recorder.stop(liveId), forwardStop(liveId)])));
      return ended;
    },

    /**
     * Publishers received here whose key was reissued (or deleted) since they were accepted, the kick
     * lost on the way (decision 059): disconnected, as the kick does (whoever publishes with an old
     * secret is disconnected, reissueKey). Answers their keys.
     */
    async kickReissued(): Promise<number[]> {
      const held = hub.keys();
      const current = await keys.credentials(held);
      const reissued = held.filter((streamKeyId) => {
        const accepted = hub.credential(streamKeyId);
        return accepted !== null && current.get(streamKeyId) !== accepted;
      });
      for (const streamKeyId of reissued) hub.kick(streamKeyId);
      return reissued;
    },

    /** A new publication of a key: an on-air live using it records again. */
    async publishStarted(streamKeyId: number): Promise<void> {
      const live = await lives.currentForKey(streamKeyId);
      if (live?.status !== 'START') return;
      await recorder.start(live.id, streamKeyId);
      forwardStart(live.id, streamKeyId);
    },

    /** The grace period is over: close the live unless its encoder came back meanwhile. */
    async graceExpired(liveId: number, interruptedAt: Date): Promise<void> {
      const closedNow = await db.transaction().execute(async (trx) => {
        const now = clock.now();
        const closed = await lives.close(trx, liveId, now, interruptedAt);
        if (!closed) return false;
        await tellCrew(trx, closed, 'LIVE_AUTO_CLOSED', null, now);
        await options.scheduleReplay(trx, { liveId, actorId: null });
        return true;
      });
      // The encoder came back meanwhile (or the live was closed by hand): its recording goes on.
      if (!closedNow) return;
      await recordOffAir(liveId);
      await settleQuietly(liveId, null);
    },

    markRecorded: (liveId: number) => lives.markRecorded(liveId),
    onAir: () => lives.onAir(),
    findLive: (liveId: number) => lives.findById(liveId),

    /**
     * Who may play a closed live's replay (issue 24): anyone while its content is PUBLIC; the owner and
     * managers of its channel (spec section 6: they manage content) while it is hidden, reserved,
     * blinded or a draft, so the studio previews it; nobody once it is deleted or when there is none.
     * In the moment between the close and the settling (no content yet) it stays as public as it was on
     * air, so viewers of the live's last seconds get the playlist's end rather than an error.
     */
    async replayAudience(live: Pick<LiveRow, 'id' | 'channel_id' | 'replay_state'>, userId: number | null): Promise<'public' | 'studio' | null> {
      if (live.replay_state === null) return 'public';
      const replay = await findReplayContent(db, live.id);
      if (!replay || replay.status === 'DELETE') return null;
      if (replay.status === 'PUBLIC') return 'public';
      if (userId === null) return null;
      const role = await memberRole(db, live.channel_id, userId);
      return role === 'OWNER' || role === 'MANAGER' ? 'studio' : null;
    },
  };
}

export type LiveService = ReturnType<typeof liveService>;
