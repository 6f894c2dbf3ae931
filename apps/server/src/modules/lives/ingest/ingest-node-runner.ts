import type { Clock } from '../../../lib/clock';
import type { LiveService } from '../live-service';
import type { IngestNodeRepository } from './ingest-node-repository';
import type { StreamHub } from './stream-hub';

/**
 * This process as an ingest node (decision 050): registered under its id with the address web instances
 * reach it at, a heartbeat every few seconds, and on each beat what the registry and this hub say is
 * brought in line: the flags of dead nodes are let go (their lives wait out the grace period, and an
 * encoder reconnecting here continues them), a publisher another node accepted since ends here, one
 * this node still receives after being taken for dead a moment is flagged again, an on-air live of
 * a key received here records (an on-air command that did not arrive), a recording of a live closed
 * meanwhile ends and a publisher of a reissued key is disconnected (an off-air or kick command that did
 * not arrive, decision 059). So every command lost on the way is made good within one heartbeat.
 */
export function ingestNodeRunner(options: {
  id: string;
  internalUrl: string | null;
  nodes: IngestNodeRepository;
  hub: StreamHub;
  service: Pick<LiveService, 'publishDone' | 'interruptIfIdle' | 'onAir' | 'reclaim' | 'keepRecording' | 'endOffAir' | 'kickReissued'>;
  heartbeatSeconds: number;
  timeoutSeconds: number;
  clock: Clock;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}) {
  const { id, nodes, hub, service } = options;
  let lastBeat = 0;
  let timer: NodeJS.Timeout | null = null;
  let beating: Promise<void> | null = null;
  let working: Promise<void> | null = null;

  async function releaseDead(orphans: boolean): Promise<void> {
    for (const key of await nodes.heldByDead(id, orphans)) await service.publishDone(key.id, key.node);
  }

  async function reconcile(): Promise<void> {
    for (const streamKeyId of options.hub.keys()) {
      const holder = await nodes.holder(streamKeyId);
      if (holder?.node === id) {
        await service.keepRecording(streamKeyId);
        continue;
      }
      // Gone from the hub since, or flagged by the accept that is still being written: nothing to do.
      const stats = hub.stats(streamKeyId);
      if (!stats || Date.now() - stats.connectedAt < options.heartbeatSeconds * 1000) continue;
      if (holder) hub.kick(streamKeyId);
      else await service.reclaim(streamKeyId, new Date(stats.connectedAt));
    }
  }

  /**
   * What PostgreSQL says against what this node still does, for a command that never arrived (decision
   * 059): a publisher whose key was reissued is disconnected, a recording of a live closed elsewhere ends.
   */
  async function converge(): Promise<void> {
    const kicked = await service.kickReissued();
    if (kicked.length) options.log.info({ node: id, streamKeyIds: kicked }, 'reissued keys ended on the heartbeat (their kick did not arrive)');
    const ended = await service.endOffAir();
    if (ended.length) options.log.info({ node: id, liveIds: ended }, 'recordings of closed lives ended on the heartbeat (their off-air did not arrive)');
  }

  async function beat(): Promise<void> {
    await nodes.heartbeat(id, options.internalUrl);
    lastBeat = Date.now();
  }

  /** What follows each heartbeat; it may take a while (ending a recording flushes ffmpeg), so it never holds the heartbeat back. */
  async function work(): Promise<void> {
    await releaseDead(false);
    await converge();
    await reconcile();
    await nodes.forgetLongDead();
  }

  return {
    id,
    async start(): Promise<void> {
      await nodes.register(id, options.internalUrl);
      lastBeat = Date.now();
      // This node's own flags (an earlier run of it), a dead node's, and those that name no node.
      for (const key of await nodes.heldBy(id)) await service.publishDone(key, id);
      await releaseDead(true);
      // Lives left on air by a crash whose key nobody receives are interrupted now.
      for (const live of await service.onAir()) {
        if (!live.interrupted_at) await service.interruptIfIdle(live.stream_key_id);
      }
      timer = setInterval(() => {
        beating ??= beat()
          .then(() => {
            // A beat that failed does no work: this node may be taken for dead, and a dead node's work is others'.
            working ??= work()
              .catch((error: unknown) => options.log.warn({ err: error, node: id }, 'ingest node reconciliation failed'))
              .finally(() => (working = null));
          })
          .catch((error: unknown) => options.log.warn({ err: error, node: id }, 'ingest node heartbeat failed'))
          .finally(() => (beating = null));
      }, options.heartbeatSeconds * 1000);
      timer.unref();
    },
    /** Whether the registry heard from this node within the bound (readiness of the ingest role). */
    healthy: () => Date.now() - lastBeat < options.timeoutSeconds * 1000,
    heartbeatAgeSeconds: () => Math.round((Date.now() - lastBeat) / 1000),
    /** Leaves the registry (after its publishers were let go), so nobody waits for the heartbeat to expire. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await beating;
      await working;
      await nodes.remove(id).catch((error: unknown) => options.log.warn({ err: error, node: id }, 'could not leave the ingest registry'));
    },
  };
}

export type IngestNodeRunner = ReturnType<typeof ingestNodeRunner>;

/**
 * On instances with job workers (decision 059): every heartbeat interval, the publishing flags of nodes
 * whose heartbeat is older than the failover window are let go, as a living node's heartbeat lets them
 * go, so that with every ingest node dead their on-air lives still wait out the grace period and close,
 * and no flag stays behind until a node starts. Readers do not wait for this: a dead node's flag is void
 * to them already (claimHeld). Each worker may do it; letting go is conditional on the node named.
 */
export function staleClaimSweep(options: {
  nodes: Pick<IngestNodeRepository, 'heldByDead'>;
  service: Pick<LiveService, 'publishDone'>;
  everySeconds: number;
  log: { warn(object: object, message: string): void };
}) {
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  const sweep = (): Promise<void> =>
    (sweeping ??= (async () => {
      for (const key of await options.nodes.heldByDead(null, false)) await options.service.publishDone(key.id, key.node);
    })()
      .catch((error: unknown) => options.log.warn({ err: error }, 'stale ingest claims not swept'))
      .finally(() => (sweeping = undefined)));
  return {
    sweep,
    start(): void {
      timer = setInterval(() => void sweep(), options.everySeconds * 1000);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await sweeping;
    },
  };
}
