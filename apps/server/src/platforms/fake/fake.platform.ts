import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Platform, PlatformDefinition, PlatformPush } from '../platform.ts';

/**
 * TEST ONLY: a third platform, registered by its test alone (buildApp's `platforms` option), to
 * prove a platform is one folder: it connects, takes pushes and sends through the generic flows.
 */
export interface FakeSettings {
  baseUrl: string;
  secret: string;
}

export const signFakePush = (secret: string, rawBody: string) =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

const push = z.object({
  shop_id: z.string(),
  message: z.object({
    id: z.string(),
    conversation_id: z.string(),
    from: z.object({ id: z.string(), name: z.string() }),
    text: z.string(),
    sent_at: z.number(),
  }),
});

function decodeFakePush(rawBody: string): PlatformPush {
  const { shop_id: shopExternalId, message: m } = push.parse(JSON.parse(rawBody));
  const content = { kind: 'text' as const, text: m.text };
  return {
    shopExternalId,
    kind: 'message',
    incoming: {
      conversation: { externalId: m.conversation_id, customerId: m.from.id, customerName: m.from.name },
      message: {
        externalId: m.id,
        sender: 'customer',
        content,
        raw: { type: 'text', content: { text: m.text } },
        sentAt: new Date(m.sent_at),
      },
    },
  };
}

/** The fake platform's definition, reaching the test's endpoint (fake-endpoint.ts). */
export function createFakeDefinition(endpoint: FakeSettings): PlatformDefinition<'fake', FakeSettings, null> {
  return {
    id: 'fake',
    name: 'Fake',
    marketplace: true,
    env: z.object({}),
    live: () => undefined,
    sandbox: () => endpoint,
    off: () => endpoint,
    create({ mode, settings, fetch, access }) {
      const call = async (path: string, body: unknown, token?: string) => {
        const res = await fetch(`${settings.baseUrl}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`fake platform ${path}: ${res.status}`);
        return (await res.json()) as Record<string, string | number>;
      };
      const tokensOf = (t: Record<string, string | number>) => ({
        accessToken: String(t.access_token),
        refreshToken: String(t.refresh_token),
        expiresAt: new Date(Date.now() + Number(t.expires_in) * 1000),
        refreshExpiresAt: null,
      });
      const platform: Platform = {
        provider: 'fake',
        name: 'Fake',
        mode,
        connector: {
          stateInPath: false,
          authorizationUrl: ({ callbackUrl, state }) =>
            `${settings.baseUrl}/authorize?${new URLSearchParams({ redirect_uri: callbackUrl, state })}`,
          async completeAuthorization(query) {
            const t = await call('/token', { code: query.code });
            return { ...tokensOf(t), externalId: String(t.shop_id), region: null };
          },
          refresh: async ({ refreshToken }) =>
            tokensOf(await call('/token', { refresh_token: refreshToken })),
          needsReauthorization: () => false,
        },
        verifier: {
          verify(rawBody, signature) {
            const expected = Buffer.from(signFakePush(settings.secret, rawBody));
            const given = Buffer.from(signature ?? '');
            return given.length === expected.length && timingSafeEqual(given, expected);
          },
          dedupeKey: (rawBody) => {
            try {
              return `msg:${decodeFakePush(rawBody).shopExternalId}:${push.parse(JSON.parse(rawBody)).message.id}`;
            } catch {
              return signFakePush('', rawBody);
            }
          },
        },
        decodePush: decodeFakePush,
        encode: (content) => ({ type: content.kind, content: { ...content } }),
        accepts: [],
        async send(shop, conversation, message) {
          if (message.content.kind !== 'text') throw new Error('The fake platform sends text only');
          const { accessToken } = await access(shop);
          const sent = await call(
            '/send',
            {
              conversation_id: conversation.externalId,
              to: conversation.customerId,
              text: message.content.text,
            },
            accessToken,
          );
          return { externalId: String(sent.message_id) };
        },
        markRead: async () => {},
        recentMessages: async () => [],
        conversationMessages: async () => [],
        catalogue: () => null,
        orders: null,
        runningVouchers: async () => [],
        orderItemNames: async () => [],
      };
      return { platform, client: null };
    },
  };
}
