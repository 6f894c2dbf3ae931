import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { RestreamFailure, RestreamForwarding, RestreamState } from '@studio/contract/restream';
import type { MediaTools } from '../../../media/media-tools';
import { endFed, launchFed, turnTaker } from './fed-ffmpeg';
import type { FlvSink, StreamHub } from './stream-hub';

/** A target as the forwarder needs it. `version` changes when its address or key does (it is restarted then); kept in memory only. */
export type ForwardTarget = { id: number; url: string; key: string; version: string };

export type RetryPolicy = { firstMs: number; maxMs: number; attempts: number };

export type ForwarderOptions = {
  tools: MediaTools;
  hub: StreamHub;
  retry: RetryPolicy;
  /** The targets of a stream key, read when its live goes on air or its targets change. */
  loadTargets(streamKeyId: number): Promise<ForwardTarget[]>;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  now?: () => number;
};

/** How long ffmpeg may wait on the target's network (connect, each write) before it gives up. */
const NETWORK_TIMEOUT_US = 10_000_000;
/** A target that was live this long before it failed starts its backoff again from the first step. */
const STEADY_MS = 30_000;
const STOP_GRACE_MS = 3000;
/** Bytes sent past which a target counts as live (the FLV header and codec setup are well under this). */
const LIVE_AFTER_BYTES = 4096;

/**
 * Why ffmpeg ended, from the last lines it wrote (which name the target's address and key: they are
 * read here and dropped, never logged or kept).
 */
export function failureOf(stderr: string): RestreamFailure {
  const text = stderr.toLowerCase();
  if (text.includes('connection refused')) return 'CONNECTION_REFUSED';
  if (text.includes('failed to resolve hostname') || text.includes('name or service not known') || text.includes('temporary failure in name resolution')) return 'HOST_NOT_FOUND';
  if (text.includes('timed out') || text.includes('timeout')) return 'TIMED_OUT';
  if (text.includes('tls') || text.includes('ssl') || text.includes('certificate') || text.includes('gnutls')) return 'TLS';
  if (text.includes('server error') || text.includes('badname') || text.includes('unauthorized') || text.includes('authentication') || text.includes('forbidden') || text.includes('publish.')) {
    return 'REJECTED';
  }
  if (text.includes('broken pipe') || text.includes('connection reset') || text.includes('end of file') || text.includes('input/output error')) return 'CLOSED';
  return 'UNKNOWN';
}

/** The wait before the next attempt after `failures` failures in a row: first, doubled each time, at most max. */
export function backoffMs(policy: RetryPolicy, failures: number): number {
  return Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, failures - 1));
}

/**
 * One target of one live: an ffmpeg child fed from the hub (`-c copy`, no re-encode) publishing to
 * the target, and its state. A failure is retried with backoff; nothing it does reaches the live
 * (the hub drops what it cannot take, writeUnlessBehind).
 */
class Forward {
  private ffmpeg: ChildProcessWithoutNullStreams | null = null;
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private liveSince = 0;
  private stopped = false;
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
    const destination = `${target.url.replace(/\/+$/, '')}/${target.key}`;
    const fed = launchFed(this.options.tools, [
      '-hide_banner', '-loglevel', 'error', '-nostdin',
      '-progress', 'pipe:1', '-stats_period', '0.5',
      '-f', 'flv', '-i', 'pipe:0',
      // Audio and video only: the metadata tag the hub repeats makes a data stream of one packet, which
      // ffmpeg's interleaving would wait on (10 s) before sending anything.
      '-c', 'copy', '-map', '0:v', '-map', '0:a?',
      '-rw_timeout', String(NETWORK_TIMEOUT_US),
      '-f', 'flv', destination,
    ]);
    const { ffmpeg } = fed;
    this.ffmpeg = ffmpeg;
    let sourceEnded = false;
    // ffmpeg writes to the target once it accepted the publication; past the FLV header and codec setup
    // (under a kilobyte), what goes out is the stream.
    createInterface({ input: ffmpeg.stdout, crlfDelay: Infinity }).on('line', (line) => {
      const sent = /^total_size=(\d+)/.exec(line);
      if (this.state === 'CONNECTING' && sent && Number(sent[1]) > LIVE_AFTER_BYTES) {
        this.liveSince = this.now();
        this.set('LIVE');
        this.reason = null;
        this.options.log.info({ liveId: this.liveId, targetId: target.id }, 'restream target live');
      }
    });
    const sink: FlvSink = {
      write: (chunk) => fed.feed(chunk),
      end: () => {
        sourceEnded = true;
        ffmpeg.stdin.end();
      },
    };
    ffmpeg.on('close', (code) => {
      if (this.ffmpeg !== ffmpeg) return;
      this.ffmpeg = null;
      this.unsubscribe?.();
      this.unsubscribe = null;
      if (this.stopped) return;
      if (sourceEnded) return this.onSourceEnded(this);
      // The key is in what ffmpeg wrote: only the reason drawn from it leaves this function.
      this.failed(failureOf(fed.stderr()), code);
      fed.forgetStderr();
    });
    ffmpeg.on('error', () => undefined);
    this.unsubscribe = this.options.hub.subscribe(this.streamKeyId, sink);
    if (!this.unsubscribe) {
      // Nothing received now: ended like a source that left.
      sourceEnded = true;
      ffmpeg.stdin.end();
    }
  }

  private failed(reason: RestreamFailure, code: number | null): void {
    const wasSteady = this.state === 'LIVE' && this.now() - this.liveSince >= STEADY_MS;
    this.failures = wasSteady ? 1 : this.failures + 1;
    this.reason = reason;
    const { retry } = this.options;
    if (this.failures >= retry.attempts) {
      this.set('STOPPED');
      this.options.log.warn({ liveId: this.liveId, targetId: this.target.id, reason, code, failures: this.failures }, 'restream target failed; no more attempts');
      return;
    }
    const wait = backoffMs(retry, this.failures);
    this.set('FAILING');
    this.retryAt = this.now() + wait;
    this.options.log.warn({ liveId: this.liveId, targetId: this.target.id, reason, code, failures: this.failures, retryInMs: wait }, 'restream target failed');
    this.timer = setTimeout(() => this.start(), wait);
    this.timer.unref();
  }

  /** Ends the forward for good: ffmpeg finishes what it holds, killed if it takes longer than STOP_GRACE_MS. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.unsubscribe?.();
    this.unsubscribe = null;
    const ffmpeg = this.ffmpeg;
    if (!ffmpeg || ffmpeg.exitCode !== null) return;
    await endFed(ffmpeg, new Promise<void>((resolve) => ffmpeg.once('close', () => resolve())), STOP_GRACE_MS);
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
