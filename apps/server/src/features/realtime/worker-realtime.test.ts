import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { channels, clientEvents } from '@balas/contracts';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtime, type Realtime } from '../../platform/realtime.ts';
import { eventually } from '../../test/marketplace-flow.ts';

/*
 * A worker's realtime writes the streams adapter's entries without reading the stream (issue 29.1):
 * an API process delivers them to its sockets, as it did when the worker ran the adapter itself.
 */

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('a worker realtime publishes through Redis to an API realtime', () => {
  const streamName = `test:${randomUUID()}:socket.io`;
  const server = createServer();
  let api: Realtime;
  let worker: Realtime;
  let socket: Socket;
  const received: { event: string; args: unknown[] }[] = [];
  const endedOnApi: string[][] = [];

  beforeAll(async () => {
    api = createRealtime({ redisUrl, streamName });
    api.attach(server, {
      authenticate: async (token) => (token === 'good' ? { merchantId: 'm1', sessionId: 's1' } : null),
      canJoin: async () => true,
    });
    api.onSessionsEnded((ids) => endedOnApi.push(ids));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    worker = createRealtime({ redisUrl, streamName, role: 'worker' });
    socket = connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      auth: { token: 'good' },
      transports: ['websocket'],
      reconnection: false,
    });
    socket.onAny((event: string, ...args: unknown[]) => received.push({ event, args }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket?.close();
    await worker?.close();
    await api?.close();
    const redis = new Redis(redisUrl ?? '');
    await redis.del(streamName);
    await redis.quit();
  });

  const counts = (n: number) => ({
    needsYou: n,
    drafts: 0,
    waiting: 0,
    snoozed: 0,
    unread: 0,
    bot: 0,
    resolved: 0,
    all: n,
    shops: [],
  });

  it('delivers a worker event to the channels the socket is in, and to no other', async () => {
    const joined = await new Promise<boolean>((resolve) =>
      socket.emit(clientEvents.subscribe, channels.conversation('shop1', 'c1'), (r: { ok: boolean }) =>
        resolve(r.ok),
      ),
    );
    expect(joined).toBe(true);
    // The API's stream reader starts at the stream's end once it is connected: emit until it reads.
    await eventually(async () => {
      worker.emit(channels.merchant('m2'), 'inbox.counts', counts(2));
      worker.emit(channels.merchant('m1'), 'inbox.counts', counts(1));
      await new Promise((r) => setTimeout(r, 100));
      expect(received.some((e) => e.event === 'inbox.counts')).toBe(true);
    });
    const counted = received.filter((e) => e.event === 'inbox.counts');
    // Only m1's, with the payload as sent (the stream offset Socket.IO adds for recovery aside).
    expect(counted.every((e) => (e.args[0] as { all: number }).all === 1)).toBe(true);
    expect(counted[0]?.args[0]).toEqual(counts(1));

    received.length = 0;
    worker.emit(channels.conversation('shop1', 'c1'), 'inbox.counts', counts(3));
    await eventually(async () => expect(received.map((e) => e.args[0])).toContainEqual(counts(3)));
  });

  it("ends a session's sockets on the API process and tells its listeners", async () => {
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    worker.endSessions(['s1']);
    expect(await disconnected).toBe('io server disconnect');
    await eventually(async () => expect(endedOnApi).toContainEqual(['s1']));
  });

  it('serves no socket', () => {
    expect(() =>
      worker.attach(createServer(), { authenticate: async () => null, canJoin: async () => false }),
    ).toThrow();
  });
});
