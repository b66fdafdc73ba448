import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify as verifySignature,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { inQuietHours, type PushPayload, pushPayload, zonedParts } from '@balas/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushSubscriptions, shops } from '../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

// ---- a local push service: records what it receives, answers 201, or 410 under /gone/ -------

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
let pushService: Server;
let pushOrigin: string;

/** A browser's side of a subscription: its ECDH key pair and auth secret (RFC 8291). */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: (path: string) => ({
      endpoint: `${pushOrigin}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    }),
  };
}

/** Decrypts an aes128gcm push body (RFC 8188 + RFC 8291) as the browser would. */
function decrypt(body: Buffer, receiver: ReturnType<typeof browser>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = receiver.ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, receiver.auth, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and any zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** Checks the VAPID header (RFC 8292): a JWT for the endpoint's origin signed by the server's key. */
function checkVapid(headers: IncomingHttpHeaders, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match, String(headers.authorization)).not.toBeNull();
  const [, jwt = '', k] = match!;
  expect(k).toBe(publicKey);
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verifySignature(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    sub: string;
    exp: number;
  };
  expect(body.aud).toBe(pushOrigin);
  expect(body.sub).toMatch(/^mailto:/);
  expect(body.exp * 1000).toBeGreaterThan(Date.now());
}

// ---- the app ----------------------------------------------------------------------------------

let t: TestApp;
let merchant: { headers: Record<string, string> };
let shopId: string;
let sequence = 0;
const phone = browser();

const api = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  payload?: object,
  headers = merchant.headers,
) => t.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });

/** A shopper writes on the website shop (whose bot is off): the chat needs the merchant. */
async function shopperWrites(conversation: string, text: string) {
  sequence += 1;
  const [shop] = await t.ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
  await t.app.services.inbox.receive(
    shop!,
    {
      conversation: { externalId: conversation, customerId: `buyer-${conversation}`, customerName: 'Nurul' },
      message: {
        externalId: `${conversation}-${sequence}`,
        sender: 'customer',
        content: { kind: 'text', text },
        sentAt: new Date(Date.now() - 60_000 + sequence * 100),
      },
    },
    { answer: 'queue' },
  );
}

/** Lets the push be queued and its job run (the inbox's emit queues it without waiting). */
async function settle() {
  await sleep(100);
  await t.ctx.queue.idle();
}

const settingsBody = (over: object = {}) => ({
  shopIds: [shopId],
  quietHours: null,
  timeZone: 'Asia/Kuala_Lumpur',
  ...over,
});

beforeAll(async () => {
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((done) => pushService.listen(0, '127.0.0.1', done));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  t = await createTestApp();
  merchant = await signUp(t.app);
  shopId = await createWebsiteShop(t.app, merchant.headers, 'Kedai Nurul');
});
afterAll(async () => {
  await t?.close();
  await new Promise((done) => pushService?.close(done));
});

describe('push notifications, end to end against a local push service', () => {
  let publicKey = '';

  it('gives the VAPID public key (generated once) and starts with nothing chosen', async () => {
    const res = await api('GET', '/push');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ shopIds: [], quietHours: null, timeZone: 'Asia/Kuala_Lumpur', devices: 0 });
    expect(data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    publicKey = data.publicKey;
    // The same key on the next read (kept in DATA_DIR): subscribed browsers stay valid.
    expect((await api('GET', '/push')).json().data.publicKey).toBe(publicKey);
  });

  it('subscribes a browser, but sends nothing for a shop that is not opted in', async () => {
    const res = await api('POST', '/push/subscriptions', phone.subscription('/ok/phone'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.devices).toBe(1);
    await shopperWrites('c0', 'Hello?');
    await settle();
    expect(received).toHaveLength(0);
  });

  it('pushes a chat that needs the merchant: VAPID signed, encrypted, decrypts to shop, shopper and preview', async () => {
    const saved = await api('PUT', '/push', settingsBody());
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.shopIds).toEqual([shopId]);

    await shopperWrites(
      'c1',
      'Is the blue tudung still available in size M? I need it by Friday for a wedding, thank you so much!',
    );
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5000 });
    await settle();
    expect(received.map((r) => decrypt(r.body, phone))).toHaveLength(1);
    const [push] = received;
    expect(push!.path).toBe('/ok/phone');
    expect(push!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: String(6 * 3600),
      urgency: 'high',
    });
    checkVapid(push!.headers, publicKey);
    const conversationId = (await t.app.services.inbox.conversationOf(
      (
        await t.ctx.database.db.select().from(shops).where(eq(shops.id, shopId))
      )[0]!,
      'c1',
    ))!.id;
    expect(push!.headers.topic).toBe(conversationId.replaceAll('-', ''));
    const payload: PushPayload = pushPayload.parse(JSON.parse(decrypt(push!.body, phone)));
    expect(payload).toEqual({
      title: 'Nurul needs you · Kedai Nurul',
      body: 'Is the blue tudung still available in size M? I need it by Friday for a wedding, thank you so much!'.slice(
        0,
        120,
      ),
      tag: conversationId,
      url: `/inbox?c=${conversationId}`,
    });
  });

  it('sends once per message: the same row told again pushes nothing; a new message pushes again (same tag)', async () => {
    const [shop] = await t.ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
    const c1 = await t.app.services.inbox.conversationOf(shop!, 'c1');
    // The inbox tells of the same conversation again (another write that changed nothing shown).
    const before = received.length;
    const { conversations } = await import('../../db/schema.ts');
    const [row] = await t.ctx.database.db.select().from(conversations).where(eq(conversations.id, c1!.id));
    t.app.services.inbox.emitConversation(shop!, row!);
    await settle();
    expect(received).toHaveLength(before);

    await shopperWrites('c1', 'Hello? Anyone there?');
    await vi.waitFor(() => expect(received).toHaveLength(before + 1), { timeout: 5000 });
    await settle();
    expect(received.slice(before).map((r) => decrypt(r.body, phone))).toHaveLength(1);
    const again = pushPayload.parse(JSON.parse(decrypt(received.at(-1)!.body, phone)));
    expect(again.tag).toBe(c1!.id);
    expect(again.body).toBe('Hello? Anyone there?');
  });

  it('pushes a handover: the bot hands a chat to the merchant', async () => {
    const [shop] = await t.ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
    // Stored without telling anyone (as history is), then handed over: the handover is what is pushed.
    const stored = await t.app.services.inbox.ingest(
      shop!,
      {
        conversation: { externalId: 'h1', customerId: 'buyer-h1', customerName: 'Farid' },
        message: {
          externalId: 'h1-1',
          sender: 'customer',
          content: { kind: 'text', text: 'I want to talk to a person about my refund' },
          sentAt: new Date(),
        },
      },
      { answerDue: false },
    );
    const before = received.length;
    await t.app.services.inbox.handOver(shop!, stored!.conversation, {
      reason: 'asked_for_human',
      text: 'The shopper asked for a person',
      actor: 'bot',
    });
    await vi.waitFor(() => expect(received).toHaveLength(before + 1), { timeout: 5000 });
    const pushed = pushPayload.parse(JSON.parse(decrypt(received.at(-1)!.body, phone)));
    expect(pushed).toMatchObject({
      title: 'Farid needs you · Kedai Nurul',
      body: 'I want to talk to a person about my refund',
      tag: stored!.conversation.id,
    });
  });

  it('sends nothing inside quiet hours, in the merchant’s time zone', async () => {
    const { hour } = zonedParts(new Date(), 'Asia/Kuala_Lumpur');
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const quiet = await api(
      'PUT',
      '/push',
      settingsBody({ quietHours: { start: hh(hour - 1), end: hh(hour + 1) } }),
    );
    expect(quiet.statusCode).toBe(200);
    const before = received.length;
    await shopperWrites('c2', 'Quiet-hours question');
    await settle();
    expect(received.slice(before).map((r) => decrypt(r.body, phone))).toEqual([]);

    // The same hours in a zone where they are not now: pushed.
    const elsewhere = await api(
      'PUT',
      '/push',
      settingsBody({ quietHours: { start: hh(hour - 1), end: hh(hour + 1) }, timeZone: 'America/New_York' }),
    );
    expect(elsewhere.json().data.timeZone).toBe('America/New_York');
    await shopperWrites('c2', 'Still there?');
    await vi.waitFor(() => expect(received).toHaveLength(before + 1), { timeout: 5000 });
  });

  it('forgets a browser its push service answers 410 for, and still reaches the others', async () => {
    const old = browser();
    const sub = await api('POST', '/push/subscriptions', old.subscription('/gone/old-laptop'));
    expect(sub.json().data.devices).toBe(2);
    await api('PUT', '/push', settingsBody());
    const before = received.length;
    await shopperWrites('c3', 'Can I pay by FPX?');
    await vi.waitFor(() => expect(received).toHaveLength(before + 2), { timeout: 5000 });
    expect(new Set(received.slice(before).map((r) => r.path))).toEqual(
      new Set(['/ok/phone', '/gone/old-laptop']),
    );
    await vi.waitFor(async () => expect((await api('GET', '/push')).json().data.devices).toBe(1));
    const left = await t.ctx.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions);
    expect(left).toEqual([{ endpoint: `${pushOrigin}/ok/phone` }]);
  });

  it('stops when the shop is opted out, and when the browser unsubscribes', async () => {
    await api('PUT', '/push', settingsBody({ shopIds: [] }));
    const before = received.length;
    await shopperWrites('c4', 'Opted-out question');
    await settle();
    expect(received).toHaveLength(before);

    await api('PUT', '/push', settingsBody());
    const gone = await api('DELETE', '/push/subscriptions', { endpoint: `${pushOrigin}/ok/phone` });
    expect(gone.json().data.devices).toBe(0);
    await shopperWrites('c5', 'Nobody subscribed');
    await settle();
    expect(received).toHaveLength(before);
  });
});

describe('push settings: bad input and other merchants', () => {
  it('refuses without a session, and unknown or foreign shops, zones, equal hours, bad subscriptions', async () => {
    expect((await api('GET', '/push', undefined, {})).statusCode).toBe(401);
    const other = await signUp(t.app);
    const theirs = await createWebsiteShop(t.app, other.headers, 'Kedai Lain');
    expect((await api('PUT', '/push', settingsBody({ shopIds: [theirs] }))).statusCode).toBe(404);
    expect((await api('PUT', '/push', settingsBody({ timeZone: 'Mars/Olympus' }))).statusCode).toBe(400);
    expect(
      (await api('PUT', '/push', settingsBody({ quietHours: { start: '22:00', end: '22:00' } }))).statusCode,
    ).toBe(400);
    expect(
      (await api('PUT', '/push', settingsBody({ quietHours: { start: '25:00', end: '07:00' } }))).statusCode,
    ).toBe(400);
    expect(
      (
        await api('POST', '/push/subscriptions', {
          endpoint: 'ftp://x.example/1',
          keys: { p256dh: 'a', auth: 'b' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await api('POST', '/push/subscriptions', { endpoint: `${pushOrigin}/ok/x` })).statusCode).toBe(
      400,
    );
    // The other merchant's choices and browsers are their own.
    expect((await api('GET', '/push', undefined, other.headers)).json().data).toMatchObject({
      shopIds: [],
      devices: 0,
    });
  });
});

describe('quiet hours', () => {
  const kl = 'Asia/Kuala_Lumpur';
  // 23:30 in Kuala Lumpur (UTC+8) is 15:30 UTC.
  const at = (utc: string) => new Date(`2026-03-02T${utc}:00Z`);
  it('spans midnight, ends at its end minute, and is read in the given zone', () => {
    const night = { start: '22:00', end: '08:00' };
    expect(inQuietHours(at('15:30'), night, kl)).toBe(true); // 23:30
    expect(inQuietHours(at('23:59'), night, kl)).toBe(true); // 07:59
    expect(inQuietHours(at('00:00'), night, kl)).toBe(false); // 08:00
    expect(inQuietHours(at('13:59'), night, kl)).toBe(false); // 21:59
    expect(inQuietHours(at('15:30'), { start: '12:00', end: '14:00' }, kl)).toBe(false);
    expect(inQuietHours(at('05:00'), { start: '12:00', end: '14:00' }, kl)).toBe(true); // 13:00
    expect(inQuietHours(at('05:00'), { start: '12:00', end: '14:00' }, 'UTC')).toBe(false);
    expect(inQuietHours(at('05:00'), null, kl)).toBe(false);
  });
});
