import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the fake platform took from us, as its API received it. */
export interface FakeSent {
  shopId: string;
  conversationId: string;
  to: string;
  text: string;
}

/**
 * TEST ONLY: a made-up marketplace's API on a loopback port, as small as the generic connect and
 * send flows need: an authorization page that approves at once, a token endpoint, a send endpoint.
 */
export interface FakeEndpoint {
  baseUrl: string;
  /** The partner secret pushes are signed with (known to the adapter through its definition). */
  secret: string;
  sent: FakeSent[];
  close(): Promise<void>;
}

export async function startFakeEndpoint(shopId: string): Promise<FakeEndpoint> {
  const codes = new Set<string>();
  const tokens = new Set<string>();
  const sent: FakeSent[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length
      ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>)
      : {};
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'GET' && url.pathname === '/authorize') {
      // The merchant approves at once: back to our callback with a code and the state.
      const code = randomBytes(8).toString('hex');
      codes.add(code);
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      if (!body.code || !codes.delete(body.code)) return json(400, { error: 'invalid_code' });
      const token = randomBytes(8).toString('hex');
      tokens.add(token);
      return json(200, {
        access_token: token,
        refresh_token: `r-${token}`,
        expires_in: 3600,
        shop_id: shopId,
      });
    }
    if (req.method === 'POST' && url.pathname === '/send') {
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!tokens.has(token)) return json(401, { error: 'invalid_token' });
      sent.push({
        shopId,
        conversationId: body.conversation_id ?? '',
        to: body.to ?? '',
        text: body.text ?? '',
      });
      return json(200, { message_id: `fake-${sent.length}` });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secret: randomBytes(16).toString('hex'),
    sent,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
