import type { Clock } from '../../../lib/clock';
import type { LiveService } from '../live-service';
import type { IngestNodeRepository } from './ingest-node-repository';
import type { StreamHub } from './stream-hub';

/**
 * This process as an ingest node (decision 050): registered under its id with the address web instances
 * reach it at, a heartbeat every few seconds, and on each beat what the registry and this hub say is
 * brought in line: the flags of dead nodes are let go (their lives wait out the grace period, and an
 * encoder reconnecting here continues them), a publisher another node accepted since ends here, one
 * this node still receives after being taken for dead a moment is flagged again, and an on-air live of
 * a key received here records (an on-air command that did not arrive).
 */
export function ingestNodeRunner(options: {
  id: string;
  internalUrl: string | null;
  nodes: IngestNodeRepository;
  hub: StreamHub;
  service: Pick<LiveService, 'publishDone' | 'interruptIfIdle' | 'onAir' | 'reclaim' | 'keepRecording'>;
  heartbeatSeconds: number;
  timeoutSeconds: number;
  clock: Clock;
  log: { warn(object: object, message: string): void };
}) {
  const { id, nodes, hub, service } = options;
  let lastBeat = 0;
  let timer: NodeJS.Timeout | null = null;
  let beating: Promise<void> | null = null;

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

  async function beat(): Promise<void> {
    await nodes.heartbeat(id, options.internalUrl);
    lastBeat = Date.now();
    await releaseDead(false);
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
      await nodes.remove(id).catch((error: unknown) => options.log.warn({ err: error, node: id }, 'could not leave the ingest registry'));
    },
  };
}

export type IngestNodeRunner = ReturnType<typeof ingestNodeRunner>;
