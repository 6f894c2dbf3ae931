import type { RestreamFailure, RestreamForwarding, RestreamState } from '@studio/contract/restream';
import { turnTaker } from './fed-ffmpeg';
import { RtmpPublisher } from './rtmp-publisher';
import type { FlvSink, StreamHub } from './stream-hub';

/** A target as the forwarder needs it. `version` changes when its address or key does (it is restarted then); kept in memory only. */
export type ForwardTarget = { id: number; url: string; key: string; version: string };

export type RetryPolicy = { firstMs: number; maxMs: number; attempts: number };

export type ForwarderOptions = {
  hub: StreamHub;
  retry: RetryPolicy;
  /** The targets of a stream key, read when its live goes on air or its targets change. */
  loadTargets(streamKeyId: number): Promise<ForwardTarget[]>;
  /** rtmps: verify the target's certificate (default true; tests with a self-signed target turn it off). */
  verifyCertificates?: boolean;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  now?: () => number;
};

/** How long the client may wait on the target's network (connect, handshake, publish start, each write's drain). */
const NETWORK_TIMEOUT_MS = 10_000;
/** A target that was live this long before it failed starts its backoff again from the first step. */
const STEADY_MS = 30_000;
/** Bytes sent past which a target counts as live (the FLV header and codec setup are well under this). */
const LIVE_AFTER_BYTES = 4096;

/** The wait before the next attempt after `failures` failures in a row: first, doubled each time, at most max. */
export function backoffMs(policy: RetryPolicy, failures: number): number {
  return Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, failures - 1));
}

/**
 * One target of one live: our RTMP client (rtmp-publisher.ts, decision 064) publishing the hub's tags
 * to the target as they are, and its state. A failure is retried with backoff; nothing it does reaches the live
 * (the hub drops what it cannot take, writeUnlessBehind).
 */
class Forward {
  private publisher: RtmpPublisher | null = null;
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private liveSince = 0;
  private stopped = false;
  private closed: Promise<void> = Promise.resolve();
  state: RestreamState = 'CONNECTING';
  reason: RestreamFailure | null = null;
  failures = 0;
  retryAt: number | null = null;
  since: number;

  constructor(
    readonly liveId: number,
    readonly streamKeyId: number,
    readonly target: ForwardTarget,
    private readonly options: ForwarderOptions,
    private readonly now: () => number,
    /** The source ended (the encoder left): the forward is over until the stream starts again. */
    private readonly onSourceEnded: (forward: Forward) => void,
  ) {
    this.since = now();
  }

  private set(state: RestreamState): void {
    if (this.state !== state) this.since = this.now();
    this.state = state;
  }

  start(): void {
    if (this.stopped) return;
    this.timer = null;
    this.retryAt = null;
    this.set('CONNECTING');
    const { target } = this;
    let sourceEnded = false;
    let ended!: () => void;
    this.closed = new Promise<void>((resolve) => (ended = resolve));
    const publisher: RtmpPublisher = new RtmpPublisher({
      url: target.url,
      key: target.key,
      timeoutMs: NETWORK_TIMEOUT_MS,
      rejectUnauthorized: this.options.verifyCertificates ?? true,
      // The target accepted the publication: the hub's stream goes out from its last keyframe on.
      onPublishing: () => {
        const sink: FlvSink = {
          write: (chunk) => {
            publisher.sendFlv(chunk);
            if (this.state === 'CONNECTING' && publisher.mediaBytes > LIVE_AFTER_BYTES) {
              this.liveSince = this.now();
              this.set('LIVE');
              this.reason = null;
              this.options.log.info({ liveId: this.liveId, targetId: target.id }, 'restream target live');
            }
          },
          end: () => {
            sourceEnded = true;
            publisher.end();
          },
        };
        this.unsubscribe = this.options.hub.subscribe(this.streamKeyId, sink);
        if (!this.unsubscribe) {
          // Nothing received now: ended like a source that left.
          sourceEnded = true;
          publisher.end();
        }
      },
      onEnd: (reason, detail) => {
        ended();
        if (this.publisher !== publisher) return;
        this.publisher = null;
        this.unsubscribe?.();
        this.unsubscribe = null;
        if (this.stopped) return;
        if (sourceEnded) return this.onSourceEnded(this);
        // `detail` is fixed text of the client's: no address, no key.
        this.failed(reason ?? 'CLOSED', detail);
      },
    });
    this.publisher = publisher;
    publisher.start();
    if (!this.options.hub.isPublishing(this.streamKeyId)) {
      sourceEnded = true;
      publisher.end();
    }
  }

  private failed(reason: RestreamFailure, detail: string): void {
    const wasSteady = this.state === 'LIVE' && this.now() - this.liveSince >= STEADY_MS;
    this.failures = wasSteady ? 1 : this.failures + 1;
    this.reason = reason;
    const { retry } = this.options;
    if (this.failures >= retry.attempts) {
      this.set('STOPPED');
      this.options.log.warn({ liveId: this.liveId, targetId: this.target.id, reason, detail, failures: this.failures }, 'restream target failed; no more attempts');
      return;
    }
    const wait = backoffMs(retry, this.failures);
    this.set('FAILING');
    this.retryAt = this.now() + wait;
    this.options.log.warn({ liveId: this.liveId, targetId: this.target.id, reason, detail, failures: this.failures, retryInMs: wait }, 'restream target failed');
    this.timer = setTimeout(() => this.start(), wait);
    this.timer.unref();
  }

  /** Ends the forward for good: the client leaves politely, its socket destroyed if the target lingers. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.unsubscribe?.();
    this.unsubscribe = null;
    const publisher = this.publisher;
    if (!publisher) return;
    publisher.end();
    await this.closed;
  }

  view(): RestreamForwarding {
    return {
      state: this.state,
      reason: this.state === 'LIVE' ? null : this.reason,
      failures: this.failures,
      retryAt: this.retryAt === null ? null : new Date(this.retryAt).toISOString(),
      since: new Date(this.since).toISOString(),
    };
  }
}

type Forwarding = { streamKeyId: number; forwards: Map<number, Forward> };

/**
 * Restreaming: while a live is on air and its stream is received, each of its key's targets gets a
 * Forward. Started and stopped beside the HLS recorder (live-service.ts): on air, a stream that comes
 * back, the live's close. Calls for one live take turns.
 */
export function restreamForwarder(options: ForwarderOptions) {
  const now = options.now ?? Date.now;
  const lives = new Map<number, Forwarding>();
  const inTurn = turnTaker();

  const sourceEnded = (forward: Forward) => {
    const forwarding = lives.get(forward.liveId);
    if (forwarding?.forwards.get(forward.target.id) !== forward) return;
    forwarding.forwards.delete(forward.target.id);
  };

  /**
   * Brings the live's forwards in line with its key's targets: new ones started, removed or changed ones
   * stopped. On a new publication (`fresh`) targets that gave up start over.
   */
  async function syncNow(liveId: number, streamKeyId: number, fresh: boolean): Promise<void> {
    const current = lives.get(liveId);
    if (current && current.streamKeyId !== streamKeyId) await stopNow(liveId);
    if (!options.hub.isPublishing(streamKeyId)) return;
    const forwarding = lives.get(liveId) ?? { streamKeyId, forwards: new Map<number, Forward>() };
    lives.set(liveId, forwarding);
    const targets = await options.loadTargets(streamKeyId);
    const wanted = new Map(targets.map((target) => [target.id, target]));
    const stopping: Promise<void>[] = [];
    for (const [id, forward] of forwarding.forwards) {
      if (wanted.get(id)?.version === forward.target.version && !(fresh && forward.state === 'STOPPED')) continue;
      forwarding.forwards.delete(id);
      stopping.push(forward.stop());
    }
    await Promise.all(stopping);
    if (lives.get(liveId) !== forwarding) return;
    for (const target of targets) {
      if (forwarding.forwards.has(target.id)) continue;
      const forward = new Forward(liveId, streamKeyId, target, options, now, sourceEnded);
      forwarding.forwards.set(target.id, forward);
      forward.start();
    }
  }

  async function stopNow(liveId: number): Promise<void> {
    const forwarding = lives.get(liveId);
    if (!forwarding) return;
    lives.delete(liveId);
    await Promise.all([...forwarding.forwards.values()].map((forward) => forward.stop()));
  }

  return {
    /** The live is on air (or its stream came back): forward it to its key's targets. */
    start: (liveId: number, streamKeyId: number) => inTurn(liveId, () => syncNow(liveId, streamKeyId, true)),
    /** The live closed: every forward ends. */
    stop: (liveId: number) => inTurn(liveId, () => stopNow(liveId)),
    /** The key's targets changed: a live forwarding it follows. */
    async refresh(streamKeyId: number): Promise<void> {
      const affected = [...lives.entries()].filter(([, forwarding]) => forwarding.streamKeyId === streamKeyId).map(([liveId]) => liveId);
      await Promise.all(affected.map((liveId) => inTurn(liveId, () => syncNow(liveId, streamKeyId, false))));
    },
    /** The state of each target of the key being forwarded now, by target id. */
    states(streamKeyId: number): Map<number, RestreamForwarding> {
      const states = new Map<number, RestreamForwarding>();
      for (const forwarding of lives.values()) {
        if (forwarding.streamKeyId !== streamKeyId) continue;
        for (const [id, forward] of forwarding.forwards) states.set(id, forward.view());
      }
      return states;
    },
    isForwarding: (liveId: number) => (lives.get(liveId)?.forwards.size ?? 0) > 0,
    /** The lives forwarded here (the heartbeat ends those closed meanwhile, decision 059). */
    liveIds: (): number[] => [...lives.keys()],
    async stopAll(): Promise<void> {
      await Promise.all([...lives.keys()].map((liveId) => inTurn(liveId, () => stopNow(liveId))));
    },
  };
}

export type RestreamForwarder = ReturnType<typeof restreamForwarder>;
