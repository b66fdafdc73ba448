import { clientEvents, type RealtimeEvent } from '@balas/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { queryClient } from './query-client.ts';
import { tokenStore } from './storage.ts';

/** What loads after the first paint: the socket client and the map from events to the cache. */
export interface RealtimeConnection {
  io: (options: Partial<ManagerOptions & SocketOptions>) => Socket;
  applyRealtimeEvent: (client: QueryClient, name: RealtimeEvent, payload: unknown) => void;
  realtimeEventNames: readonly RealtimeEvent[];
}
/**
 * Given by the app at start (main.tsx): the map knows every feature's cached queries, so it lives
 * above them in app/realtime/, and this module only loads it.
 */
let loadConnection: (() => Promise<RealtimeConnection>) | null = null;
export function provideRealtimeConnection(load: () => Promise<RealtimeConnection>) {
  loadConnection = load;
}

/**
 * One Socket.IO connection for the dashboard, opened by the shell once the page has painted (its
 * client and the event-to-cache map load then, outside the first load). The server puts the socket in
 * its merchant's room; pages join the shop and conversation channels they show. Every event goes to
 * the one map in app/realtime/realtime-cache.ts, never to a page. Channels are re-joined after every
 * reconnect; when the server could not restore the missed events, cached lists are refetched so
 * nothing is lost.
 */
let socket: Socket | null = null;
let opening: Promise<Socket> | null = null;
/** Bumped when the session ends, so a connection still loading is not opened for nobody. */
let generation = 0;
const channelCounts = new Map<string, number>();
export type RealtimeState = 'connecting' | 'connected' | 'reconnecting';
let state: RealtimeState = 'connecting';
const stateListeners = new Set<() => void>();
const setState = (next: RealtimeState) => {
  state = next;
  for (const l of stateListeners) l();
};

/** The queries a missed event could have changed: refetched when events may have been lost. */
const liveQueries = [['conversations'], ['messages'], ['inbox']] as const;

/** Opens the connection (once); resolves to the socket. */
export function connectRealtime(): Promise<Socket> {
  if (socket) return Promise.resolve(socket);
  const started = generation;
  if (!loadConnection) return Promise.reject(new Error('no realtime connection was provided'));
  opening ??= loadConnection().then(({ io, applyRealtimeEvent, realtimeEventNames }) => {
    opening = null;
    if (started !== generation) throw new Error('the session ended');
    socket = open(io, (s) => {
      for (const name of realtimeEventNames)
        s.on(name, (payload: unknown) => applyRealtimeEvent(queryClient, name, payload));
    });
    return socket;
  });
  return opening;
}

function open(io: RealtimeConnection['io'], listen: (s: Socket) => void): Socket {
  const s = io({
    path: '/socket.io',
    auth: (cb) => cb({ token: tokenStore.get() }),
    transports: ['websocket', 'polling'],
  });
  listen(s);
  s.on('connect', () => {
    setState('connected');
    for (const channel of channelCounts.keys()) s.emit(clientEvents.subscribe, channel);
    // Events sent before this connection (or while it was down, unless the server replayed them)
    // were missed: what is on screen is read again.
    if (!s.recovered) for (const queryKey of liveQueries) void queryClient.invalidateQueries({ queryKey });
  });
  s.on('disconnect', () => setState('reconnecting'));
  s.on('connect_error', () => setState('reconnecting'));
  return s;
}

export function closeRealtime() {
  generation++;
  socket?.close();
  socket = null;
  opening = null;
  channelCounts.clear();
  setState('connecting');
}

export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(
    (l) => {
      stateListeners.add(l);
      return () => stateListeners.delete(l);
    },
    () => state,
    // The build's prerendered frame (app/prerender-frame.tsx): not connected yet.
    () => 'connecting',
  );
}

/**
 * Joins a shop or conversation channel while mounted. What its events change in the cache is
 * app/realtime/realtime-cache.ts's business, whatever page is open.
 */
export function useChannel(channel: string | null) {
  useEffect(() => {
    if (!channel || !tokenStore.get()) return;
    channelCounts.set(channel, (channelCounts.get(channel) ?? 0) + 1);
    connectRealtime().then(
      (s) => {
        // A socket still connecting joins every counted channel once it is connected.
        if (s.connected && channelCounts.has(channel)) s.emit(clientEvents.subscribe, channel);
      },
      () => {},
    );
    return () => {
      const left = (channelCounts.get(channel) ?? 1) - 1;
      if (left <= 0) {
        channelCounts.delete(channel);
        socket?.emit(clientEvents.unsubscribe, channel);
      } else channelCounts.set(channel, left);
    };
  }, [channel]);
}

export type { RealtimeEvent };
