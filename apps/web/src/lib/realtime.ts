import { events } from '@balas/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { queryClient } from './query-client.ts';
import { tokenStore } from './storage.ts';

/**
 * One Socket.IO connection for the dashboard. Channels are re-joined after every reconnect; when the
 * server could not restore the missed events, cached lists are refetched so nothing is lost.
 */
let socket: Socket | null = null;
const channelCounts = new Map<string, number>();
let state: 'connecting' | 'connected' | 'reconnecting' = 'connecting';
const stateListeners = new Set<() => void>();
const setState = (next: typeof state) => {
  state = next;
  for (const l of stateListeners) l();
};

function connection(): Socket {
  if (socket) return socket;
  socket = io({
    path: '/socket.io',
    auth: (cb) => cb({ token: tokenStore.get() }),
    transports: ['websocket', 'polling'],
  });
  socket.on('connect', () => {
    setState('connected');
    for (const channel of channelCounts.keys()) socket?.emit(events.subscribe, channel);
    if (!socket?.recovered) void queryClient.invalidateQueries({ queryKey: ['conversations'] });
    if (!socket?.recovered) void queryClient.invalidateQueries({ queryKey: ['messages'] });
  });
  socket.on('disconnect', () => setState('reconnecting'));
  socket.on('connect_error', () => setState('reconnecting'));
  return socket;
}

export function closeRealtime() {
  socket?.close();
  socket = null;
  channelCounts.clear();
}

export function useRealtimeState() {
  return useSyncExternalStore(
    (l) => {
      stateListeners.add(l);
      return () => stateListeners.delete(l);
    },
    () => state,
  );
}

/** Joins a channel while mounted and calls `handler` for `event` on it. */
export function useChannel<T>(channel: string | null, event: string, handler: (payload: T) => void) {
  useEffect(() => {
    if (!channel || !tokenStore.get()) return;
    const s = connection();
    const count = channelCounts.get(channel) ?? 0;
    channelCounts.set(channel, count + 1);
    if (count === 0 && s.connected) s.emit(events.subscribe, channel);
    const listener = (payload: T) => handler(payload);
    s.on(event, listener);
    return () => {
      s.off(event, listener);
      const left = (channelCounts.get(channel) ?? 1) - 1;
      if (left <= 0) {
        channelCounts.delete(channel);
        s.emit(events.unsubscribe, channel);
      } else channelCounts.set(channel, left);
    };
  }, [channel, event, handler]);
}
