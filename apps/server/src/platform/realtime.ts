import type { Server as HttpServer } from 'node:http';
import { channels, clientEvents, type RealtimeEvent, type RealtimePayload } from '@balas/contracts';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

export interface RealtimeAuth {
  /** Merchant id for a bearer token, or null. */
  authenticate(token: string): Promise<string | null>;
  /** Whether the merchant may join a channel (the spec's private-channel authorization). */
  canJoin(merchantId: string, channel: string): Promise<boolean>;
}

export interface Realtime {
  /** Sends one event of the contracts' event map (its payload type checked) to a channel's sockets. */
  emit<E extends RealtimeEvent>(channel: string, event: E, payload: RealtimePayload<E>): void;
  /** Serve Socket.IO on an HTTP server (API processes only; workers just emit). */
  attach(server: HttpServer, auth: RealtimeAuth): void;
  close(): Promise<void>;
}

/** Socket.IO with the memory adapter, or the Redis streams adapter when a Redis URL is given. */
export function createRealtime(options: { redisUrl?: string | undefined; streamName?: string }): Realtime {
  const redis = options.redisUrl ? new Redis(options.redisUrl) : undefined;
  const io = new Server({
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: true },
    ...(redis
      ? { adapter: createAdapter(redis, { streamName: options.streamName ?? 'balas:socket.io' }) }
      : {}),
  });

  let attached = false;
  return {
    emit(channel, event, payload) {
      io.to(channel).emit(event, payload);
    },
    attach(server, auth) {
      attached = true;
      io.attach(server);
      io.use((socket, next) => {
        const token = (socket.handshake.auth as { token?: unknown }).token;
        if (typeof token !== 'string') return next(new Error('unauthenticated'));
        auth
          .authenticate(token)
          .then((merchantId) => {
            if (!merchantId) return next(new Error('unauthenticated'));
            socket.data.merchantId = merchantId;
            next();
          })
          .catch(() => next(new Error('unauthenticated')));
      });
      io.on('connection', (socket) => {
        // The merchant's room (inbox rows and counts of all its shops) needs no subscription.
        void socket.join(channels.merchant(socket.data.merchantId as string));
        socket.on(clientEvents.subscribe, async (channel: unknown, ack?: (r: { ok: boolean }) => void) => {
          const merchantId = socket.data.merchantId as string;
          const ok =
            typeof channel === 'string' && channel.length < 300 && (await auth.canJoin(merchantId, channel));
          if (ok) await socket.join(channel);
          if (typeof ack === 'function') ack({ ok });
        });
        socket.on(clientEvents.unsubscribe, async (channel: unknown) => {
          if (typeof channel === 'string') await socket.leave(channel);
        });
      });
    },
    async close() {
      // A worker's Server was never attached to an HTTP server: close its adapter only.
      if (attached) await new Promise<void>((resolve) => io.close(() => resolve()));
      else await io.of('/').adapter.close?.();
      redis?.disconnect();
    },
  };
}
