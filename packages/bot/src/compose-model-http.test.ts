import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAICompatibleBackend } from './compose-model.ts';
import { answer } from './engine.ts';
import { buildShopIndex, embedShopIndex } from './index-builder.ts';
import { testShop } from './test-support/shop-fixture.ts';

// A local OpenAI-compatible endpoint (node:http): /chat/completions and /embeddings, as the SDK calls
// them. It answers from the context it is given, like a well-behaved model.

interface Recorded {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    input?: string[];
  };
}

let server: Server;
let baseURL: string;
const requests: Recorded[] = [];
let mode: 'ok' | 'slow' | 'fail' = 'ok';

const WORDS = ['shipping', 'sabah', 'warranty', 'motor', 'teether', 'refund'];
const embedding = (text: string) => WORDS.map((w) => (text.toLowerCase().includes(w) ? 1 : 0.01));

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of req) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse((await readBody(req)) || '{}') as Recorded['body'];
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (mode === 'fail') return send(500, { error: { message: 'overloaded', type: 'server_error' } });
    if (mode === 'slow') await new Promise((r) => setTimeout(r, 1500));
    if (req.url === '/v1/chat/completions') {
      const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
      const grounded = user.includes('RM14.90');
      const content = JSON.stringify(
        grounded
          ? { answer: 'Shipping to Sabah is RM14.90.', answerable: true, sources: ['S1'] }
          : { answer: '', answerable: false, sources: [] },
      );
      return send(200, {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 50, completion_tokens: 12, total_tokens: 62 },
      });
    }
    if (req.url === '/v1/embeddings') {
      const input = Array.isArray(body.input) ? body.input : [String(body.input)];
      return send(200, {
        object: 'list',
        data: input.map((text, index) => ({ object: 'embedding', index, embedding: embedding(text) })),
        model: body.model,
        usage: { prompt_tokens: 5, total_tokens: 5 },
      });
    }
    send(404, { error: { message: 'not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  mode = 'ok';
});

describe('model composer against a local OpenAI-compatible server', () => {
  it('sends the grounded prompt with the key and model, and answers with the reply', async () => {
    const { composer } = createOpenAICompatibleBackend({ baseURL, apiKey: 'test-key', model: 'test-chat' });
    const index = buildShopIndex(testShop());
    const r = await answer('how much is shipping to sabah?', { index, composer });
    expect(r).toMatchObject({ composer: 'model', text: 'Shipping to Sabah is RM14.90.', handover: null });
    const chat = requests.find((q) => q.path === '/v1/chat/completions')!;
    expect(chat.authorization).toBe('Bearer test-key');
    expect(chat.body.model).toBe('test-chat');
    expect(chat.body.messages?.[0]).toMatchObject({ role: 'system' });
    expect(chat.body.messages?.[1]?.content).toContain('[S1] (topic "Shipping")');
  });

  it('embeds the shop and the question through /embeddings', async () => {
    const { composer, embedder } = createOpenAICompatibleBackend({
      baseURL,
      model: 'test-chat',
      embeddingModel: 'test-embed',
    });
    const index = buildShopIndex(testShop());
    await embedShopIndex(index, embedder!);
    expect(index.vectors).toHaveLength(index.passages.length);
    const r = await answer('how much is shipping to sabah?', { index, composer, embedder: embedder! });
    expect(r.composer).toBe('model');
    const embeds = requests.filter((q) => q.path === '/v1/embeddings');
    expect(embeds.every((q) => q.body.model === 'test-embed')).toBe(true);
    expect(embeds.at(-1)!.body.input).toEqual(['how much is shipping to sabah?']);
  });

  it('falls back to the offline composer when the server is too slow', async () => {
    mode = 'slow';
    const { composer } = createOpenAICompatibleBackend({ baseURL, model: 'test-chat', timeoutMs: 100 });
    const index = buildShopIndex(testShop());
    const started = performance.now();
    const r = await answer('how much is shipping to sabah?', { index, composer });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(r).toMatchObject({ composer: 'offline', fallback: 'timeout' });
    expect(r.text).toContain('RM14.90');
  });

  it('falls back to the offline composer when the server fails', async () => {
    mode = 'fail';
    const { composer } = createOpenAICompatibleBackend({ baseURL, model: 'test-chat' });
    const r = await answer('how much is shipping to sabah?', { index: buildShopIndex(testShop()), composer });
    expect(r).toMatchObject({ composer: 'offline', fallback: 'error' });
  });
});
