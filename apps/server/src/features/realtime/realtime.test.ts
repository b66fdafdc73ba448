import { channels, clientEvents } from '@balas/contracts';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, sessions } from '../../db/schema.ts';
import { sha256 } from '../../platform/secrets.ts';
import { eventually } from '../../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

/*
 * Realtime sessions end with their token (issue 30.3): sign-out, password change and reset
 * disconnect the session's sockets, a subscription checks the token again, and a recovered
 * connection is authenticated again before it gets any event, missed ones included.
 */

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A socket that records every event packet it is sent, whether or not it ever connects. */
function socketFor(token: string) {
  const socket = connect(url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    autoConnect: false,
  });
  sockets.push(socket);
  const wire: { event: string; args: unknown[] }[] = [];
  // The manager sees every decoded packet, before the socket decides whether to surface it.
  socket.io.on('packet', (packet: { type: number; data?: unknown[] }) => {
    if (packet.type === 2 && Array.isArray(packet.data))
      wire.push({ event: String(packet.data[0]), args: packet.data.slice(1) });
  });
  const disconnects: string[] = [];
  socket.on('disconnect', (reason) => disconnects.push(reason));
  return { socket, wire, disconnects };
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
    socket.connect();
  });

const subscribe = (socket: Socket, channel: string) =>
  new Promise<boolean>((resolve) =>
    socket.emit(clientEvents.subscribe, channel, (r: { ok: boolean }) => resolve(r.ok)),
  );

/** A marker event on a channel: the socket layer does not look at payloads. */
const probe = (channel: string, n: number) =>
  t.ctx.realtime.emit(channel, 'inbox.counts', {
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
const probesIn = (wire: { event: string; args: unknown[] }[]) =>
  wire
    .filter((p) => p.event === 'inbox.counts')
    .map((p) => (p.args[0] as { needsYou: number }).needsYou)
    .filter((n) => n >= 1000);

async function signIn(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signin',
    payload: { email, password: 'correct horse' },
  });
  return res.json().data.accessToken as string;
}

/**
 * Drops the connection as a network blip does: the server keeps its state for recovery. A client
 * asks for recovery with the offset of the last event it got, so it gets one on `channel` first.
 */
async function blip(socket: Socket, wire: { event: string }[], channel: string) {
  const seen = wire.length;
  probe(channel, 1);
  await eventually(async () => expect(wire.length).toBeGreaterThan(seen));
  const gone = new Promise((r) => socket.once('disconnect', r));
  socket.io.engine.close();
  await gone;
  // The server sees the transport close and stores the session.
  await sleep(300);
}

describe('realtime sessions', () => {
  it('disconnects the sockets of a session at sign-out, and only those', async () => {
    const { email, token } = await signUp(t.app);
    const otherToken = await signIn(email);
    const signedOut = socketFor(token);
    const stays = socketFor(otherToken);
    await connected(signedOut.socket);
    await connected(stays.socket);

    const res = await t.app.inject({ url: '/api/signout', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    await eventually(async () => expect(signedOut.disconnects).toEqual(['io server disconnect']));
    expect(stays.socket.connected).toBe(true);
    expect(stays.disconnects).toEqual([]);
  });

  it('disconnects every socket of the merchant at a password reset', async () => {
    const { email, token, headers } = await signUp(t.app);
    const shopId = await createWebsiteShop(t.app, headers);
    const first = socketFor(token);
    const second = socketFor(await signIn(email));
    await connected(first.socket);
    await connected(second.socket);
    expect(await subscribe(first.socket, channels.shop(shopId))).toBe(true);

    await t.app.inject({ method: 'POST', url: '/api/forgot_password', payload: { email } });
    const [mail] = await t.ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    const resetToken = mail!.text.match(/\/reset-password\/([\w-]+)/)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset_password',
      payload: {
        token: resetToken,
        email,
        password: 'lantern-quiet-87',
        password_confirmation: 'lantern-quiet-87',
      },
    });
    expect(reset.statusCode).toBe(200);
    await eventually(async () => {
      expect(first.disconnects).toEqual(['io server disconnect']);
      expect(second.disconnects).toEqual(['io server disconnect']);
    });
    probe(channels.shop(shopId), 1000);
    await sleep(100);
    expect(probesIn(first.wire)).toEqual([]);
  });

  it("disconnects every other session's sockets at a password change, and keeps the changing one's", async () => {
    const { email, token, headers } = await signUp(t.app);
    const shopId = await createWebsiteShop(t.app, headers);
    const changing = socketFor(token);
    const second = socketFor(await signIn(email));
    const third = socketFor(await signIn(email));
    for (const s of [changing, second, third]) {
      await connected(s.socket);
      expect(await subscribe(s.socket, channels.shop(shopId))).toBe(true);
    }

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/change_password',
      headers,
      payload: {
        current_password: 'correct horse',
        password: 'lantern-quiet-87',
        password_confirmation: 'lantern-quiet-87',
      },
    });
    expect(res.statusCode).toBe(200);
    await eventually(async () => {
      expect(second.disconnects).toEqual(['io server disconnect']);
      expect(third.disconnects).toEqual(['io server disconnect']);
    });
    probe(channels.shop(shopId), 1007);
    await eventually(async () => expect(probesIn(changing.wire)).toEqual([1007]));
    expect(changing.socket.connected).toBe(true);
    expect(changing.disconnects).toEqual([]);
    expect(probesIn(second.wire)).toEqual([]);
    expect(probesIn(third.wire)).toEqual([]);
    // The changing session may still subscribe; a signed-out one cannot come back.
    expect(await subscribe(changing.socket, channels.shop(shopId))).toBe(true);
    await expect(connected(second.socket)).rejects.toThrow('unauthenticated');
  });

  it('checks the token again at each subscription: a session revoked since is refused and disconnected', async () => {
    const { token, headers } = await signUp(t.app);
    const shopId = await createWebsiteShop(t.app, headers);
    const { socket, disconnects } = socketFor(token);
    await connected(socket);
    expect(await subscribe(socket, channels.shop(shopId))).toBe(true);
    // Revoked without the sign-out route (another process, an operator): the socket is not told.
    await t.ctx.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(await subscribe(socket, channels.shop(shopId))).toBe(false);
    await eventually(async () => expect(disconnects).toEqual(['io server disconnect']));
  });

  it('authenticates a recovered connection again: after sign-out, a bogus token gets no event', async () => {
    const { token, headers } = await signUp(t.app);
    const shopId = await createWebsiteShop(t.app, headers);
    const { socket, wire } = socketFor(token);
    await connected(socket);
    expect(await subscribe(socket, channels.shop(shopId))).toBe(true);
    await blip(socket, wire, channels.shop(shopId));
    await t.app.inject({ url: '/api/signout', headers });
    probe(channels.shop(shopId), 1001); // missed while away

    socket.auth = { token: 'bogus-token-bogus-token-bogus-token' };
    await expect(connected(socket)).rejects.toThrow('unauthenticated');
    socket.auth = { token };
    await expect(connected(socket)).rejects.toThrow('unauthenticated');
    probe(channels.shop(shopId), 1002);
    await sleep(200);
    // Not surfaced, and not even sent: nothing reached the wire.
    expect(probesIn(wire)).toEqual([]);
  });

  it('still recovers a connection with a valid token, missed events included', async () => {
    const { token, headers } = await signUp(t.app);
    const shopId = await createWebsiteShop(t.app, headers);
    const { socket, wire } = socketFor(token);
    await connected(socket);
    expect(await subscribe(socket, channels.shop(shopId))).toBe(true);
    await blip(socket, wire, channels.shop(shopId));
    probe(channels.shop(shopId), 1003);
    await connected(socket);
    expect(socket.recovered).toBe(true);
    probe(channels.shop(shopId), 1004);
    await eventually(async () => expect(probesIn(wire)).toEqual([1003, 1004]));
  });

  it("keeps none of another merchant's rooms or missed events when a connection is recovered under a new token", async () => {
    const first = await signUp(t.app);
    const shopId = await createWebsiteShop(t.app, first.headers);
    const second = await signUp(t.app);
    const { socket, wire } = socketFor(first.token);
    await connected(socket);
    expect(await subscribe(socket, channels.shop(shopId))).toBe(true);
    await blip(socket, wire, channels.shop(shopId));
    probe(channels.shop(shopId), 1005);
    socket.auth = { token: second.token };
    await connected(socket);
    probe(channels.shop(shopId), 1006);
    await sleep(200);
    expect(probesIn(wire)).toEqual([]);
    // The socket is the second merchant's now: its subscriptions are checked as such.
    expect(await subscribe(socket, channels.shop(shopId))).toBe(false);
  });

  it('lets no client leave its session room to outlive a sign-out', async () => {
    const { token, headers } = await signUp(t.app);
    const [session] = await t.ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    const { socket, disconnects } = socketFor(token);
    await connected(socket);
    socket.emit(clientEvents.unsubscribe, `session:${session!.id}`);
    await sleep(50);
    await t.app.inject({ url: '/api/signout', headers });
    await eventually(async () => expect(disconnects).toEqual(['io server disconnect']));
  });
});
