import type { FastifyInstance } from 'fastify';
import type { StreamKey } from '@studio/contract/live';
import { call } from '../helper';

/** A new stream key of the channel and a live created on it, through the API as its owner does. */
export async function newKeyAndLive(app: FastifyInstance, channelId: number, owner: string, title: string): Promise<{ key: StreamKey; liveId: number }> {
  const base = `/api/channels/${channelId}/lives`;
  const { kampChannelId } = (await call(app, 'POST', `${base}/streams?title=${encodeURIComponent(title)}`, owner)).json<{ kampChannelId: string }>();
  const key = (await call(app, 'GET', `${base}/streams`, owner)).json<StreamKey[]>().find((k) => k.kampChannelId === kampChannelId)!;
  const liveId = (await call(app, 'POST', `${base}/create?kampChannelId=${kampChannelId}`, owner)).json<{ liveId: number }>().liveId;
  return { key, liveId };
}
