import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { EventSource as SpecEventSource } from 'eventsource';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UnreadCount } from '@studio/contract/unread-count';
import { channelKeys } from '../../channel-home/api/channel-keys';
import { creatableChannelsQueryOptions } from '../../channels/api/get-creatable-channels';
import { notificationKeys } from '../api/notification-keys';
import { connectNotificationStream } from './notification-stream';

/**
 * The stream client against a real HTTP server speaking Server-Sent Events,
 * through a spec-following EventSource (the `eventsource` package: the same
 * reconnection and Last-Event-ID rules as the browser's). The server here
 * plays the studio's: it keeps one unread count, pushes `unread` to every open
 * stream when it changes, and remembers what each connection asked for.
 */

type Stream = { request: IncomingMessage; response: ServerResponse };

let server: Server;
let url: string;
let streams: Stream[];
/** The Last-Event-ID header of every stream request, in order (null when absent). */
let lastEventIds: (string | null)[];
let count: number;
const stops: (() => void)[] = [];

const send = (stream: Stream, frame: string) => stream.response.write(`${frame}\n\n`);
const open = () => streams.filter((stream) => !stream.response.writableEnded && !stream.request.destroyed);
const broadcastCount = () => open().forEach((stream) => send(stream, `event: unread\ndata: ${JSON.stringify({ count })}`));

beforeEach(async () => {
  streams = [];
  lastEventIds = [];
  count = 3;
  server = createServer((request, response) => {
    if (request.url === '/api/my/notifications/stream') {
      lastEventIds.push((request.headers['last-event-id'] as string | undefined) ?? null);
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      const stream = { request, response };
      streams.push(stream);
      // A short retry so the reconnect happens within the test; the first count, as the studio's server sends it.
      send(stream, 'retry: 50');
      send(stream, `event: unread\ndata: ${JSON.stringify({ count })}`);
      return;
    }
    if (request.method === 'POST' && request.url === '/api/my/notifications/read/1') {
      // A read: the count moves and every open stream (every tab) hears it.
      count -= 1;
      broadcastCount();
      response.writeHead(204).end();
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubGlobal('EventSource', SpecEventSource);
});

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A tab: its own query cache with a notification list in it, connected to the stream. */
function tab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const listKey = notificationKeys.list({ group: 'ALL', page: 0, size: 5 });
  queryClient.setQueryData(listKey, { content: [] });
  const stop = connectNotificationStream(queryClient, `${url}/api/my/notifications/stream`);
  stops.push(stop);
  return {
    queryClient,
    stop,
    unread: () => queryClient.getQueryData<UnreadCount>(notificationKeys.unread())?.count,
    listInvalidated: () => queryClient.getQueryState(listKey)?.isInvalidated === true,
    /** The list as freshly loaded again (what a refetch would leave). */
    refreshList: () => queryClient.setQueryData(listKey, { content: [] }),
  };
}

describe('connectNotificationStream', () => {
  it('puts each unread count into the query cache, ignores a malformed one, and refreshes the lists when a notification arrives', async () => {
    const one = tab();
    await vi.waitFor(() => expect(one.unread()).toBe(3));
    expect(lastEventIds).toEqual([null]);
    // The first count only fills the cache: the lists were loaded with it.
    expect(one.listInvalidated()).toBe(false);

    const [stream] = open();
    send(stream!, 'event: unread\ndata: {"count":-1}');
    send(stream!, 'event: unread\ndata: not json');
    send(stream!, `id: 41\nevent: notification\ndata: ${JSON.stringify({ id: 41 })}`);
    await vi.waitFor(() => expect(one.listInvalidated()).toBe(true));
    expect(one.unread()).toBe(3);

    one.refreshList();
    count = 4;
    broadcastCount();
    await vi.waitFor(() => expect(one.unread()).toBe(4));
    // A count that moved means the lists are stale too.
    expect(one.listInvalidated()).toBe(true);
  });

  it('reads the channel lists and that channel again when the operator changed a channel, and nothing more for other notifications', async () => {
    const one = tab();
    await vi.waitFor(() => expect(open()).toHaveLength(1));
    const creatable = creatableChannelsQueryOptions().queryKey;
    one.queryClient.setQueryData(creatable, []);
    one.queryClient.setQueryData(channelKeys.detail(7), { id: 7 });
    one.queryClient.setQueryData(channelKeys.detail(8), { id: 8 });
    const invalidated = (key: readonly unknown[]) => one.queryClient.getQueryState(key)?.isInvalidated === true;

    const [stream] = open();
    send(stream!, `id: 50\nevent: notification\ndata: ${JSON.stringify({ id: 50, type: 'LOOP_PROCESSED', channelId: 7 })}`);
    await vi.waitFor(() => expect(one.listInvalidated()).toBe(true));
    expect([invalidated(creatable), invalidated(channelKeys.detail(7))]).toEqual([false, false]);

    send(stream!, `id: 51\nevent: notification\ndata: ${JSON.stringify({ id: 51, type: 'CHANNEL_SERVICE_CHANGED', channelId: 7 })}`);
    await vi.waitFor(() => expect(invalidated(creatable)).toBe(true));
    expect(invalidated(channelKeys.detail(7))).toBe(true);
    // Another channel's page stays as it is.
    expect(invalidated(channelKeys.detail(8))).toBe(false);
  });

  it('reconnects after a dropped connection with the last event id it saw, and refreshes the lists once back', async () => {
    const one = tab();
    await vi.waitFor(() => expect(open()).toHaveLength(1));
    const [first] = open();
    send(first!, `id: 41\nevent: notification\ndata: ${JSON.stringify({ id: 41 })}`);
    send(first!, `id: 42\nevent: notification\ndata: ${JSON.stringify({ id: 42 })}`);
    await vi.waitFor(() => expect(one.listInvalidated()).toBe(true));
    one.refreshList();

    // The proxy or the server drops it.
    first!.response.destroy();
    await vi.waitFor(() => expect(lastEventIds).toEqual([null, '42']), { timeout: 5_000 });
    await vi.waitFor(() => expect(one.listInvalidated()).toBe(true));
    // The count the server sends on the new connection reaches the cache.
    count = 7;
    broadcastCount();
    await vi.waitFor(() => expect(one.unread()).toBe(7));
  });

  it('carries a read made in one tab to the count of another', async () => {
    const reader = tab();
    const other = tab();
    await vi.waitFor(() => expect([reader.unread(), other.unread()]).toEqual([3, 3]));

    const read = await fetch(`${url}/api/my/notifications/read/1`, { method: 'POST' });
    expect(read.status).toBe(204);
    await vi.waitFor(() => expect([reader.unread(), other.unread()]).toEqual([2, 2]));
    expect(other.listInvalidated()).toBe(true);
  });

  it('keeps a pushed count over the answer of a fetch that was already under way (answered before the change)', async () => {
    const one = tab();
    await vi.waitFor(() => expect(one.unread()).toBe(3));
    // A refetch of the count starts (say after an answered invitation) and is answered with the count from before.
    let answer!: (value: UnreadCount) => void;
    const refetch = one.queryClient.fetchQuery({ queryKey: notificationKeys.unread(), queryFn: () => new Promise<UnreadCount>((resolve) => (answer = resolve)), staleTime: 0 });
    count = 2;
    broadcastCount();
    await vi.waitFor(() => expect(one.unread()).toBe(2));
    answer({ count: 3 });
    await refetch.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(one.unread()).toBe(2);
  });

  it('closes the connection when stopped, and does not come back', async () => {
    const one = tab();
    await vi.waitFor(() => expect(open()).toHaveLength(1));
    const [stream] = open();
    const closed = new Promise<void>((resolve) => stream!.request.once('close', () => resolve()));
    one.stop();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lastEventIds).toHaveLength(1);
  });
});
