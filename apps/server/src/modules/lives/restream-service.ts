import { isIP } from 'node:net';
import {
  MAX_RESTREAM_TARGETS_PER_KEY,
  restreamKeyHint,
  restreamKeyProblem,
  restreamUrlProblem,
  type CreateRestreamTargetBody,
  type RestreamForwarding,
  type RestreamTarget,
  type UpdateRestreamTargetBody,
} from '@studio/contract/restream';
import type { ChannelRow, Db, RestreamTargetRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ForwardTarget } from './ingest/restream-forwarder';
import { assertLiveEnabled } from './live-service';
import { restreamRepository } from './restream-repository';
import { streamKeyRepository } from './stream-key-repository';

export type RestreamServiceOptions = {
  db: Db;
  clock: Clock;
  /** Whether a target may be on this machine or its private network (RESTREAM_LOCAL_TARGETS; tests). */
  allowLocalTargets: boolean;
  /** The ingest nodes' failover window (INGEST_NODE_TIMEOUT_SECONDS): a dead node's publishing flag is void. */
  claimTimeoutSeconds: number;
  /** The forwarding of the key's targets now, by target id (the ingest's forwarder). */
  states(streamKeyId: number): Map<number, RestreamForwarding>;
  /** The key's targets changed: a live forwarding it follows. */
  changed(streamKeyId: number): Promise<void>;
};

/**
 * Literal addresses of this machine and of private networks. A host name is not resolved here (it
 * could resolve elsewhere by the time the live starts): see decision 047.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  if (isIP(host) === 6) return host === '::1' || host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith('::ffff:');
  return false;
}

/** The address as kept: trimmed, without trailing slashes (the key is appended after one). */
const normalizedUrl = (url: string) => url.trim().replace(/\/+$/, '');

/**
 * Restream targets of a stream key (issue 24, point 3): at most MAX_RESTREAM_TARGETS_PER_KEY, each
 * an rtmp:// or rtmps:// address and the other platform's key, which no answer carries again.
 */
export function restreamService(options: RestreamServiceOptions) {
  const { db, clock } = options;
  const targets = restreamRepository(db);
  const keys = streamKeyRepository(db, options.claimTimeoutSeconds);

  async function requireKey(channelId: number, kampChannelId: string) {
    const key = await keys.find(db, channelId, kampChannelId);
    if (!key) throw new AppError('STREAM_KEY_NOT_FOUND');
    return key;
  }

  function checkUrl(url: string): void {
    const problem = restreamUrlProblem(url);
    if (problem) throw new AppError('RESTREAM_URL_INVALID', undefined, { reason: problem });
    if (!options.allowLocalTargets && isLocalHost(new URL(url.replace(/^rtmps?:/i, 'http:')).hostname)) {
      throw new AppError('RESTREAM_URL_INVALID', undefined, { reason: 'LOCAL_ADDRESS' });
    }
  }

  // The key itself is never put in an error: only the reason.
  async function checkKey(key: string): Promise<void> {
    const problem = restreamKeyProblem(key);
    if (problem) throw new AppError('RESTREAM_KEY_INVALID', undefined, { reason: problem });
    // Forwarding a live into this studio with one of its own keys would replace that key's encoder.
    if (await targets.isStudioSecret(key)) throw new AppError('RESTREAM_KEY_INVALID', undefined, { reason: 'STUDIO_KEY' });
  }

  const toTarget = (row: RestreamTargetRow, kampChannelId: string, states: Map<number, RestreamForwarding>): RestreamTarget => ({
    id: row.id,
    kampChannelId,
    url: row.url,
    keyHint: restreamKeyHint(row.secret),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    forwarding: states.get(row.id) ?? null,
  });

  const tellForwarder = (streamKeyId: number) => options.changed(streamKeyId);

  return {
    async list(channelId: number, kampChannelId: string): Promise<RestreamTarget[]> {
      const key = await requireKey(channelId, kampChannelId);
      const states = options.states(key.id);
      return (await targets.list(db, key.id)).map((row) => toTarget(row, kampChannelId, states));
    },

    async create(channel: ChannelRow, kampChannelId: string, body: CreateRestreamTargetBody): Promise<RestreamTarget> {
      assertLiveEnabled(channel);
      const key = await requireKey(channel.id, kampChannelId);
      const url = normalizedUrl(body.url);
      checkUrl(url);
      await checkKey(body.key);
      const row = await db.transaction().execute(async (trx) => {
        await targets.lockKey(trx, key.id);
        if ((await targets.count(trx, key.id)) >= MAX_RESTREAM_TARGETS_PER_KEY) {
          throw new AppError('RESTREAM_TARGET_LIMIT_REACHED', undefined, { max: MAX_RESTREAM_TARGETS_PER_KEY });
        }
        return targets.insert(trx, { streamKeyId: key.id, url, secret: body.key, at: clock.now() });
      });
      await tellForwarder(key.id);
      return toTarget(row, kampChannelId, options.states(key.id));
    },

    async update(channel: ChannelRow, kampChannelId: string, targetId: number, body: UpdateRestreamTargetBody): Promise<RestreamTarget> {
      assertLiveEnabled(channel);
      const key = await requireKey(channel.id, kampChannelId);
      const url = normalizedUrl(body.url);
      checkUrl(url);
      if (body.key !== undefined) await checkKey(body.key);
      const current = await targets.find(db, key.id, targetId);
      if (!current) throw new AppError('RESTREAM_TARGET_NOT_FOUND');
      // The same address and key again changes nothing (and restarts no forwarding).
      if (current.url === url && (body.key === undefined || body.key === current.secret)) return toTarget(current, kampChannelId, options.states(key.id));
      const row = await targets.update(key.id, targetId, { url, secret: body.key, at: clock.now() });
      if (!row) throw new AppError('RESTREAM_TARGET_NOT_FOUND');
      await tellForwarder(key.id);
      return toTarget(row, kampChannelId, options.states(key.id));
    },

    async remove(channel: ChannelRow, kampChannelId: string, targetId: number): Promise<void> {
      assertLiveEnabled(channel);
      const key = await requireKey(channel.id, kampChannelId);
      if (!(await targets.remove(key.id, targetId))) throw new AppError('RESTREAM_TARGET_NOT_FOUND');
      await tellForwarder(key.id);
    },

    /** What the forwarder needs of a key's targets, the keys included. */
    async forwardTargets(streamKeyId: number): Promise<ForwardTarget[]> {
      return (await targets.list(db, streamKeyId)).map((row) => ({ id: row.id, url: row.url, key: row.secret, version: `${row.url}\n${row.secret}` }));
    },
  };
}

export type RestreamService = ReturnType<typeof restreamService>;
