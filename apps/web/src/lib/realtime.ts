import { clientEvents } from '@balas/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { queryClient } from './query-client.ts';
import { tokenStore } from './storage.ts';

/**
 * One Socket.IO connection for the dashboard, opened (and its client loaded) when a page first joins a
 * channel. Channels are re-joined after every reconnect; when the server could not restore the missed
 * events, cached lists are refetched so nothing is lost.
 */
let socket: Socket | null = null;
let opening: Promise<Socket> | null = null;
/** Bumped when the session ends, so a connection still loading is not opened for nobody. */
let generation = 0;
const channelCounts = new Map<string, number>();
let state: 'connecting' | 'connected' | 'reconnecting' = 'connecting';
const stateListeners = new Set<() => void>();
const setState = (next: typeof state) => {
  state = next;
  for (const l of stateListeners) l();
};

function connection(): Promise<Socket> {
  if (socket) return Promise.resolve(socket);
  const started = generation;
  opening ??= import('socket.io-client').then(({ io }) => {
    opening = null;
    if (started !== generation) throw new Error('the session ended');
    socket = open(io);
    return socket;
  });
  return opening;
}

function open(io: typeof import('socket.io-client').io): Socket {
  const socket = io({
    path: '/socket.io',
    auth: (cb) => cb({ token: tokenStore.get() }),
    transports: ['websocket', 'polling'],
  });
  socket.on('connect', () => {
    setState('connected');
    for (const channel of channelCounts.keys()) socket?.emit(clientEvents.subscribe, channel);
    if (!socket?.recovered) void queryClient.invalidateQueries({ queryKey: ['conversations'] });
    if (!socket?.recovered) void queryClient.invalidateQueries({ queryKey: ['messages'] });
  });
  socket.on('disconnect', () => setState('reconnecting'));
  socket.on('connect_error', () => setState('reconnecting'));
  return socket;
}

export function closeRealtime() {
  generation++;
  socket?.close();
  socket = null;
  opening = null;
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
    channelCounts.set(channel, (channelCounts.get(channel) ?? 0) + 1);
    const listener = (payload: T) => handler(payload);
    let joined: Socket | null = null;
    let active = true;
    connection().then(
      (s) => {
        if (!active) return;
        joined = s;
        // A socket still connecting joins every counted channel once it is connected.
        if (s.connected) s.emit(clientEvents.subscribe, channel);
        s.on(event, listener);
      },
      () => {},
    );
    return () => {
      active = false;
      joined?.off(event, listener);
      const left = (channelCounts.get(channel) ?? 1) - 1;
      if (left <= 0) {
        channelCounts.delete(channel);
        socket?.emit(clientEvents.unsubscribe, channel);
      } else channelCounts.set(channel, left);
    };
  }, [channel, event, handler]);
}
