import { randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import {
  channels,
  clientEvents,
  parseChannel,
  type RealtimeEvent,
  type RealtimePayload,
} from '@balas/contracts';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type DefaultEventsMap, Server, type Socket } from 'socket.io';

/** The session a bearer token belongs to. */
export interface RealtimeSession {
  merchantId: string;
  sessionId: string;
}

export interface RealtimeAuth {
  /** The session of a bearer token, or null; `fresh` reads the database, not a cache. */
  authenticate(token: string, options?: { fresh?: boolean }): Promise<RealtimeSession | null>;
  /** Whether the merchant may join a channel (the spec's private-channel authorization). */
  canJoin(merchantId: string, channel: string): Promise<boolean>;
}

export interface Realtime {
  /** Sends one event of the contracts' event map (its payload type checked) to a channel's sockets. */
  emit<E extends RealtimeEvent>(channel: string, event: E, payload: RealtimePayload<E>): void;
  /**
   * Disconnects every socket of these sessions on every API process (sign-out, password reset) and
   * tells every process's `onSessionsEnded` listeners, this one's included.
   */
  endSessions(sessionIds: string[]): void;
  onSessionsEnded(listener: (sessionIds: string[]) => void): void;
  /** Serve Socket.IO on an HTTP server (API processes only; workers just emit). */
  attach(server: HttpServer, auth: RealtimeAuth): void;
  close(): Promise<void>;
}

/** Every socket of a session is in its room, which no client can join or leave. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const SESSION_ROOM_PREFIX = sessionRoom('');

interface InterServerEvents {
  'sessions-ended': (sessionIds: string[]) => void;
}
type SocketData = RealtimeSession;
type BalasSocket = Socket<DefaultEventsMap, DefaultEventsMap, InterServerEvents, SocketData>;

const unauthenticated = () => new Error('unauthenticated');

/** The adapter's default: the stream is trimmed to about this many entries. */
const STREAM_MAX_LEN = 10_000;
// socket.io-adapter's MessageType, and socket.io-parser's EVENT packet type.
const BROADCAST = 3;
const DISCONNECT_SOCKETS = 6;
const SERVER_SIDE_EMIT = 9;
const EVENT_PACKET = 2;

/**
 * A worker's realtime. The streams adapter would read every entry of the stream (a blocking XREAD
 * loop on a connection of its own, plus a pub/sub connection) for a process with no socket to
 * deliver them to; this writes the entries the API processes' adapters read instead, in the
 * adapter's format (@socket.io/redis-streams-adapter `encode`: uid, nsp, type, JSON data), and
 * reads nothing. `onSessionsEnded` hears only this process's `endSessions`: a worker
 * authenticates no one, so it has no session cache to clear.
 */
function createStreamPublisher(redisUrl: string, streamName: string): Realtime {
  const redis = new Redis(redisUrl);
  // The adapters skip their own entries by uid; this one is no adapter's.
  const uid = randomBytes(8).toString('hex');
  const publish = (type: number, data: object) => {
    redis
      .xadd(
        streamName,
        'MAXLEN',
        '~',
        STREAM_MAX_LEN,
        '*',
        'uid',
        uid,
        'nsp',
        '/',
        'type',
        String(type),
        'data',
        JSON.stringify(data),
      )
      // As the adapter does: a realtime event is not worth failing the job that emitted it.
      .catch(() => undefined);
  };
  const options = (rooms: string[]) => ({ rooms, except: [], flags: {} });
  const sessionsEndedListeners: ((sessionIds: string[]) => void)[] = [];
  return {
    emit(channel, event, payload) {
      publish(BROADCAST, {
        packet: { type: EVENT_PACKET, data: [event, payload] },
        opts: options([channel]),
      });
    },
    endSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      for (const listener of sessionsEndedListeners) listener(sessionIds);
      publish(DISCONNECT_SOCKETS, { opts: options(sessionIds.map(sessionRoom)), close: true });
      publish(SERVER_SIDE_EMIT, { packet: ['sessions-ended', sessionIds] });
    },
    onSessionsEnded(listener) {
      sessionsEndedListeners.push(listener);
    },
    attach() {
      throw new Error('a worker realtime serves no socket');
    },
    async close() {
      // QUIT after the writes already sent, not a disconnect that could drop them.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The streams adapter sends some commands without awaiting them: SUBSCRIBE on the pub/sub connection
 * it duplicates from this client, PUBLISH and a session's SET on this one. One that fails would be
 * an unhandled rejection, which ends the process. Closing the realtime before that connection is up
 * (a process failing right after it starts) failed its SUBSCRIBE so, with "Connection is closed".
 * Every command of this client and of its duplicates goes to `failed` when it fails (a command the
 * adapter awaits as well).
 */
function reportFailedCommands(client: Redis, failed: (command: string, error: unknown) => void): Redis {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    const sent = send(command, stream);
    command.promise.catch((error: unknown) => failed(command.name, error));
    return sent;
  };
  const duplicate = client.duplicate.bind(client);
  client.duplicate = (override) => reportFailedCommands(duplicate(override), failed);
  return client;
}

/**
 * Socket.IO with the memory adapter, or the Redis streams adapter when a Redis URL is given. A
 * worker (`role: 'worker'`, with Redis) serves no socket: it only writes to the stream.
 */
export function createRealtime(options: {
  redisUrl?: string | undefined;
  streamName?: string;
  role?: 'api' | 'worker';
  /** Where a failed Redis command of the adapter is told (none: not told). */
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}): Realtime {
  const streamName = options.streamName ?? 'balas:socket.io';
  if (options.role === 'worker' && options.redisUrl)
    return createStreamPublisher(options.redisUrl, streamName);
  let closing = false;
  const redis = options.redisUrl
    ? reportFailedCommands(new Redis(options.redisUrl), (command, error) => {
        // Closing fails whatever is still queued or unanswered; nothing is lost that matters then.
        if (!closing) options.log?.warn({ err: error, command }, 'realtime Redis command failed');
      })
    : undefined;
  const io = new Server<DefaultEventsMap, DefaultEventsMap, InterServerEvents, SocketData>({
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    // A recovered connection is authenticated again like a new one (Socket.IO skips that by default).
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
    ...(redis ? { adapter: createAdapter(redis, { streamName, maxLen: STREAM_MAX_LEN }) } : {}),
  });

  // Socket.IO writes the events a recovering socket missed as soon as it finds its session, before
  // any middleware has looked at the token: they are held here and sent once it is authenticated.
  const withheld = new Map<string, unknown[][]>();
  const replay = new WeakMap<BalasSocket, unknown[][]>();
  const adapter = io.of('/').adapter;
  const restoreSession = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restoreSession(pid, offset);
    if (!session) return session;
    withheld.set(session.sid, session.missedPackets);
    return { ...session, missedPackets: [] };
  };

  const sessionsEndedListeners: ((sessionIds: string[]) => void)[] = [];
  const sessionsEnded = (sessionIds: unknown) => {
    if (!Array.isArray(sessionIds)) return;
    const ids = sessionIds.filter((id): id is string => typeof id === 'string');
    for (const listener of sessionsEndedListeners) listener(ids);
  };
  io.on('sessions-ended', sessionsEnded);

  let attached = false;
  return {
    emit(channel, event, payload) {
      io.to(channel).emit(event, payload);
    },
    endSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      sessionsEnded(sessionIds);
      // The adapter carries both to the other processes.
      io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
      if (redis) io.serverSideEmit('sessions-ended', sessionIds);
    },
    onSessionsEnded(listener) {
      sessionsEndedListeners.push(listener);
    },
    attach(server, auth) {
      attached = true;
      io.attach(server);
      io.use((socket, next) => {
        const missed = withheld.get(socket.id) ?? [];
        withheld.delete(socket.id);
        const previous = socket.recovered ? socket.data : undefined;
        const token = (socket.handshake.auth as { token?: unknown }).token;
        if (typeof token !== 'string') return next(unauthenticated());
        auth
          .authenticate(token)
          .then((session) => {
            if (!session) return next(unauthenticated());
            socket.data = session;
            if (previous?.merchantId === session.merchantId) replay.set(socket, missed);
            else if (previous) {
              // Another merchant's connection state: none of its rooms or missed events.
              for (const room of [...socket.rooms]) if (room !== socket.id) void socket.leave(room);
            }
            next();
          })
          .catch(() => next(unauthenticated()));
      });
      io.on('connection', (socket) => {
        const { merchantId, sessionId } = socket.data;
        // A connection recovered under a newer session of the merchant leaves the old one's room.
        for (const room of [...socket.rooms])
          if (room.startsWith(SESSION_ROOM_PREFIX) && room !== sessionRoom(sessionId))
            void socket.leave(room);
        void socket.join([sessionRoom(sessionId), channels.merchant(merchantId)]);
        for (const [event, ...args] of replay.get(socket) ?? []) socket.emit(String(event), ...args);
        replay.delete(socket);

        socket.on(clientEvents.subscribe, async (channel: unknown, ack?: (r: { ok: boolean }) => void) => {
          const answer = (ok: boolean) => {
            if (typeof ack === 'function') ack({ ok });
          };
          // The token may have been revoked, or have expired, since the socket connected.
          const token = (socket.handshake.auth as { token?: unknown }).token;
          const current =
            typeof token === 'string'
              ? await auth.authenticate(token, { fresh: true }).catch(() => null)
              : null;
          if (current?.sessionId !== sessionId) {
            answer(false);
            socket.disconnect(true);
            return;
          }
          const ok =
            typeof channel === 'string' && channel.length < 300 && (await auth.canJoin(merchantId, channel));
          if (ok) await socket.join(channel);
          answer(ok);
        });
        socket.on(clientEvents.unsubscribe, async (channel: unknown) => {
          // Only channels: the session's room is what signs a socket out.
          if (typeof channel === 'string' && parseChannel(channel)) await socket.leave(channel);
        });
      });
    },
    async close() {
      closing = true;
      // A worker's Server was never attached to an HTTP server: close its adapter only.
      if (attached) await new Promise<void>((resolve) => io.close(() => resolve()));
      else await io.of('/').adapter.close?.();
      if (!redis) return;
      // QUIT answers after the commands sent before it (the sessions of the sockets just closed); a
      // connection not up is dropped, as QUIT would wait in its queue while ioredis retries.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
