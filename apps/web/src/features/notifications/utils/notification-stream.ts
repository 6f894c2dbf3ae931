import type { QueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@studio/contract/unread-count';
import { serverUrl } from '../../../lib/runtime-config';
import { channelKeys } from '../../channel-home/api/channel-keys';
import { myChannelsQueryOptions } from '../../channels/api/get-my-channels';
import { notificationKeys } from '../api/notification-keys';

const STREAM_PATH = '/api/my/notifications/stream';

/** The type and channel of a pushed notification, or null when it does not read as one. */
function toldOf(data: string): { type: string; channelId: number | null } | null {
  try {
    const parsed = JSON.parse(data) as { type?: unknown; channelId?: unknown } | null;
    if (typeof parsed?.type !== 'string') return null;
    return { type: parsed.type, channelId: typeof parsed.channelId === 'number' ? parsed.channelId : null };
  } catch {
    return null;
  }
}

function countOf(data: string): number | null {
  try {
    const parsed: unknown = JSON.parse(data);
    const count = (parsed as Partial<UnreadCount> | null)?.count;
    return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
  } catch {
    return null;
  }
}

/**
 * Listens to the server's notification stream (Server-Sent Events) and keeps
 * the query cache current: the unread count is set from each `unread` event
 * (another tab's read included), lists refetch when a notification arrives or
 * the count moves, and a channel the operator changed is read again. EventSource reconnects by itself and sends Last-Event-ID,
 * so the server replays what a dropped connection missed. Returns the stop.
 */
export function connectNotificationStream(queryClient: QueryClient, url = serverUrl(STREAM_PATH)): () => void {
  const source = new EventSource(url, { withCredentials: true });
  let connectedBefore = false;
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });

  source.addEventListener('open', () => {
    // A reconnect: what changed meanwhile beyond the replayed events (reads elsewhere) shows on refetch.
    if (connectedBefore) refreshLists();
    connectedBefore = true;
  });
  // Pushed counts apply in order. A fetch of the count already under way may have been answered
  // before this change: it is cancelled first, or its older answer would land after this one.
  let applying: Promise<unknown> = Promise.resolve();
  source.addEventListener('unread', (event) => {
    const count = countOf(event.data as string);
    if (count === null) return;
    applying = applying
      .then(() => queryClient.cancelQueries({ queryKey: notificationKeys.unread(), exact: true }))
      .then(() => {
        const previous = queryClient.getQueryData<UnreadCount>(notificationKeys.unread());
        queryClient.setQueryData<UnreadCount>(notificationKeys.unread(), { count });
        if (previous !== undefined && previous.count !== count) refreshLists();
      });
  });
  source.addEventListener('notification', (event) => {
    refreshLists();
    // The operator changed a channel's status or create options (issue 25): the create menu, the channel
    // lists and that channel's page are read again, so an open tab follows without a reload.
    const told = toldOf(event.data as string);
    if (told?.type !== 'CHANNEL_SERVICE_CHANGED') return;
    void queryClient.invalidateQueries({ queryKey: myChannelsQueryOptions().queryKey });
    if (told.channelId !== null) void queryClient.invalidateQueries({ queryKey: channelKeys.channel(told.channelId) });
  });
  return () => source.close();
}
