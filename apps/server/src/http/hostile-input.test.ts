import { randomUUID } from 'node:crypto';
import { messages } from '@balas/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectShop, eventually, shopperSays } from '../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../test/test-app.ts';

/**
 * Every operation of the generated OpenAPI document, called with hostile input: wrong types, NUL and
 * unpaired surrogates, huge strings, deep JSON, bad paging and cursors, in path, query and body.
 * No answer may be a 5xx, and a refused write must leave every table as it was. (The marketplace
 * sandbox's routes stand in for Shopee and Lazada and are left out.)
 */

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

/** Values (as JSON text) put in place of each body field in turn. */
const hostileValues: string[] = [
  42,
  -1,
  1e308,
  true,
  null,
  [],
  {},
  'a\u0000b',
  'x\ud800y',
  '\udfff',
  '\u0000',
  'emoji cut \ud83d',
  'x'.repeat(200_000),
  ['a\u0000', '\ud800'],
  { 'k\u0000': '\ud800' },
]
  .map((value) => JSON.stringify(value))
  .concat([`${'['.repeat(5_000)}${']'.repeat(5_000)}`, `${'{"a":'.repeat(1_000)}1${'}'.repeat(1_000)}`]);
const RAW = '\u0001raw\u0001';
/** `object` as JSON with `field` replaced by the raw JSON text `value`. */
const withRaw = (object: object, field: string, value: string) =>
  JSON.stringify({ ...object, [field]: RAW }).replace(JSON.stringify(RAW), value);

/** Raw (already URL-encoded) values for query and path parameters. */
const hostileParams = [
  '',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'abc',
  '2024-13-45',
  '99999999999999999999999999',
  'a%00b',
  '%00',
  '%ED%A0%80',
  '%F0%9F%98',
  '%',
  '%25',
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201%3D1--",
  'x'.repeat(5_000),
  '%E4%B8%AD%E6%96%87',
  'eyJ0IjoiMjAyNC0xMy00NSIsImlkIjoiJyJ9',
];

/** Whole bodies sent as raw JSON text. */
const hostileBodies = [
  '[]',
  '"text"',
  '123',
  'null',
  'true',
  '{"a":',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  '"\\ud800"',
  '{"\\u0000":"\\u0000"}',
];

let t: TestApp;
let headers: Record<string, string>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  ids.website = await createWebsiteShop(t.app, headers);
  ids.shopee = (await connectShop(t.app, headers, 'shopee', '947042923')).id;
  ids.lazada = (await connectShop(t.app, headers, 'lazada', '100094063')).id;
  await shopperSays(t.app, 'shopee', '947042923', '880011', 'Is the stroller in stock?');
  await shopperSays(t.app, 'lazada', '100094063', '1880011', 'Is the romper in stock?');
  const firstOf = async (provider: 'shopee' | 'lazada', shopId: string) =>
    eventually(async () => {
      const list = (await t.app.inject({ url: `/api/${provider}/v1/${shopId}`, headers })).json().data;
      const first = (list.conversations ?? list.session_list)[0];
      expect(first).toBeTruthy();
      return String(first.conversation_id ?? first.session_id);
    });
  ids.shopeeConversation = await firstOf('shopee', ids.shopee);
  ids.lazadaConversation = await firstOf('lazada', ids.lazada);
  const topic = await t.app.inject({
    method: 'POST',
    url: `/api/shopee/${ids.shopee}/gpt`,
    headers,
    payload: { name: 'Delivery', shopId: ids.shopee, type: 'custom' },
  });
  ids.topic = topic.json().data?.id ?? randomUUID();
  ids.session = 'abcdefABCDEF';
  await t.app.inject({
    method: 'POST',
    url: `/api/website/v1/${ids.website}`,
    payload: { sessionId: ids.session, query: 'Hello' },
  });
  await t.ctx.queue.idle();
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A value for a path parameter that reaches the handler (the merchant's own shop, conversation...). */
function goodParam(path: string, name: string): string {
  const lazada = path.startsWith('/api/lazada/');
  switch (name) {
    case 'shopId':
      return lazada ? ids.lazada! : ids.shopee!;
    case 'id':
      return path.startsWith('/api/website/') ? ids.website! : ids.shopee!;
    case 'conversationId':
      return lazada ? ids.lazadaConversation! : ids.shopeeConversation!;
    case 'categoryId':
      return ids.topic!;
    case 'sessionId':
      return ids.session!;
    default:
      return randomUUID();
  }
}

/** A plausible value for a schema, so that only the field under attack is wrong. */
function sample(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'text';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return sample(option, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s, k)]));
    case 'array':
      return [sample(schema.items, name)];
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
  }
  if (/shopId$/i.test(name)) return ids.shopee;
  if (schema.format === 'email' || /email/i.test(name))
    return `sweep-${randomUUID().slice(0, 8)}@example.com`;
  if (/password|confirm/i.test(name)) return 'violet-harbour-41';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return ['abcdefABCDEF', '2024-01-01', '12345', 'text'].find((c) => pattern.test(c)) ?? 'text';
  }
  return 'A plain value';
}

const rowsOf = (result: unknown) =>
  (result && typeof result === 'object' && 'rows' in result ? result.rows : result) as Record<
    string,
    unknown
  >[];
let countAll: SQL | undefined;

/** The row count of every table, once the jobs are done. */
async function tableCounts(): Promise<string> {
  await t.ctx.queue.idle();
  if (!countAll) {
    const tables = rowsOf(
      await t.ctx.database.db.execute(
        // Pushes from the sandbox platform arrive on their own schedule (the echo of a reply an
        // earlier call sent): not the request's doing, nor is the job row each one queues, which
        // can appear between idle() and the count on a busy machine, nor the outbox event stored
        // with each push. A job the request queued is gone by the count after it (idle() waits for
        // it) and shows in what it stored.
        sql`select table_name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE'
              and table_name not in ('webhook_events', 'jobs', 'outbox')`,
      ),
    );
    countAll = sql.raw(
      tables
        .map((r) => `select '${r.table_name}' as t, count(*)::int as n from "${r.table_name}"`)
        .join(' union all '),
    );
  }
  return JSON.stringify(rowsOf(await t.ctx.database.db.execute(countAll)));
}

describe('hostile input on every operation of the OpenAPI document', () => {
  it('answers no 5xx and stores nothing half-way', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const serverErrors: string[] = [];
    const halfStored: string[] = [];
    let calls = 0;
    // The counts after one write are the counts before the next (jobs done, nothing else writes in
    // between): one count per write instead of two.
    let counted: string | null = null;

    const call = async (method: string, url: string, payload?: string) => {
      const write = method !== 'GET';
      const before = write ? (counted ?? (await tableCounts())) : '';
      counted = null;
      let res: LightMyRequestResponse;
      try {
        res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(payload !== undefined ? { payload } : {}),
        });
      } catch (error) {
        serverErrors.push(`${method} ${url.slice(0, 200)} threw ${(error as Error).message}`);
        return;
      }
      calls++;
      if (res.statusCode >= 500) {
        serverErrors.push(
          `${method} ${url.slice(0, 200)} ${payload?.slice(0, 120) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      }
      const after = write ? await tableCounts() : '';
      if (write) counted = after;
      if (write && res.statusCode >= 400 && res.statusCode < 500 && after !== before) {
        halfStored.push(
          `${method} ${url.slice(0, 200)} ${payload?.slice(0, 120) ?? ''} -> ${res.statusCode}: ${before} -> ${after}`,
        );
      }
    };

    for (const [template, operations] of Object.entries(doc.paths)) {
      if (!template.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const verb = method.toUpperCase();
        const parameters = operation.parameters ?? [];
        const pathParams = parameters.filter((p) => p.in === 'path').map((p) => p.name);
        const queryParams = parameters.filter((p) => p.in === 'query' && p.name !== 'additionalProperties');
        const bodySchema = operation.requestBody?.content['application/json']?.schema;
        const urlWith = (overrides: Record<string, string> = {}, query = '') => {
          const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
            name in overrides ? overrides[name]! : encodeURIComponent(goodParam(template, name)),
          );
          return query ? `${path}?${query}` : path;
        };
        const goodBody = bodySchema ? JSON.stringify(sample(bodySchema)) : undefined;

        for (const name of pathParams) {
          for (const value of [...hostileParams, `${encodeURIComponent(goodParam(template, name))}%00`]) {
            await call(verb, urlWith({ [name]: value }), goodBody);
          }
        }
        for (const { name } of queryParams) {
          for (const value of hostileParams) await call(verb, urlWith({}, `${name}=${value}`), goodBody);
          await call(verb, urlWith({}, `${name}=1&${name}=2`), goodBody);
          await call(verb, urlWith({}, `${name}[a]=1`), goodBody);
        }
        if (bodySchema) {
          const base = sample(bodySchema);
          if (base && typeof base === 'object' && !Array.isArray(base)) {
            for (const field of Object.keys(base)) {
              for (const value of hostileValues) {
                await call(verb, urlWith(), withRaw(base, field, value));
              }
            }
          } else {
            for (const value of hostileValues) await call(verb, urlWith(), `[${value}]`);
          }
        }
        if (verb !== 'GET') for (const body of hostileBodies) await call(verb, urlWith(), body);
      }
    }
    expect(calls).toBeGreaterThan(1000);
    expect(serverErrors).toEqual([]);
    expect(halfStored).toEqual([]);
  }, 600_000);
});

describe('text at the edge', () => {
  it('stores a shopper message with NUL and half an emoji, normalized', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/website/v1/${ids.website}`,
      payload: `{"sessionId":"nulSession01","query":"size M\\u0000 please \\ud83d"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const history = await t.app.inject({ url: `/api/website/v1/${ids.website}/nulSession01` });
    expect(history.json().data.chatHistory[0].message).toBe('size M please \uFFFD');
  });

  it('refuses JSON nested beyond reason with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: `{"email":${'['.repeat(200)}${']'.repeat(200)},"password":"x"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.errors.tooDeep);
  });
});
