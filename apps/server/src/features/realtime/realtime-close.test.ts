import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createRealtime } from '../../platform/realtime.ts';

/*
 * A realtime on the Redis streams adapter closed right after it was made (a process failing as it
 * starts, a test building and closing an app): the adapter's SUBSCRIBE, sent on a connection still
 * being opened, failed with "Connection is closed" and nothing handled it, which ends a process.
 */

const redisUrl = process.env.REDIS_URL;

/** The unhandled rejections while `run` runs, and a moment after (the adapter's start is asynchronous). */
async function unhandledRejectionsOf(run: () => Promise<void>): Promise<unknown[]> {
  const rejections: unknown[] = [];
  const listener = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await run();
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    process.off('unhandledRejection', listener);
  }
  return rejections;
}

describe.skipIf(!redisUrl)('a realtime on Redis closed right after it is made', () => {
  const streamNames: string[] = [];
  const newStreamName = () => {
    const name = `test:${randomUUID()}:socket.io`;
    streamNames.push(name);
    return name;
  };
  afterAll(async () => {
    const redis = new Redis(redisUrl ?? '');
    if (streamNames.length) await redis.del(...streamNames);
    await redis.quit();
  });

  it('closes without an unhandled rejection, attached or not', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) };
    const rejections = await unhandledRejectionsOf(async () => {
      for (let i = 0; i < 10; i++) {
        const realtime = createRealtime({ redisUrl, streamName: newStreamName(), log });
        if (i % 2) {
          realtime.attach(createServer(), { authenticate: async () => null, canJoin: async () => false });
        }
        await realtime.close();
      }
    });
    expect(rejections).toEqual([]);
    // Nothing told as a failure either: closing is what failed those commands.
    expect(warnings).toEqual([]);
  });

  it('still carries events between two processes once it is up, and closes cleanly then', async () => {
    const streamName = newStreamName();
    const server = createServer();
    const api = createRealtime({ redisUrl, streamName });
    const other = createRealtime({ redisUrl, streamName });
    api.attach(server, {
      authenticate: async () => ({ merchantId: 'm1', sessionId: 's1' }),
      canJoin: async () => true,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      auth: { token: 'any' },
      transports: ['websocket'],
      reconnection: false,
    });
    const rejections = await unhandledRejectionsOf(async () => {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      // The other process's server-side emit reaches this one's listeners through Redis pub/sub
      // (the SUBSCRIBE that closing early used to fail).
      const ended = new Promise<string[]>((resolve) => api.onSessionsEnded(resolve));
      const retry = setInterval(() => other.endSessions(['s2']), 100);
      try {
        expect(await ended).toEqual(['s2']);
      } finally {
        clearInterval(retry);
      }
      // A socket still connected as the server closes has its session stored for recovery, a SET
      // the adapter does not await.
      await other.close();
      await api.close();
    });
    socket.close();
    expect(rejections).toEqual([]);
  });
});
