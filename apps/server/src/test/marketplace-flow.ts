import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
const hidden = (html: string, name: string) =>
  html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]?.replaceAll('&#38;', '&') ?? '';

/** Turns a shop's bot on or off through the shop settings route, as the merchant's switch does. */
export async function switchShopBot(
  app: FastifyInstance,
  headers: Record<string, string>,
  shopId: string,
  on: boolean,
) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/shopee/v1/${shopId}`,
    headers,
    payload: { defaultBotStatus: on },
  });
  if (res.statusCode !== 200) throw new Error(`bot switch: ${res.statusCode} ${res.body}`);
}

/**
 * Connects a marketplace shop the way a merchant does: create it, open the authorization page of the
 * sandbox, approve with a demo shop, follow the redirect to our callback.
 */
export async function connectShop(
  app: FastifyInstance,
  headers: Record<string, string>,
  provider: 'shopee' | 'lazada',
  demoShopId: string,
): Promise<{ id: string; callback: LightMyRequestResponse }> {
  const created = await app.inject({
    method: 'POST',
    url: `/api/${provider}`,
    headers,
    payload: {
      name: `My ${provider} shop`,
      person_name: 'Aisyah',
      person_email: 'aisyah@example.com',
      person_phone: '012-345 6789',
      redirect: 'http://localhost:3000/dashboard/addshop/complete',
    },
  });
  if (created.statusCode !== 200) throw new Error(`create: ${created.body}`);
  const { authUrl, id } = created.json().data as { authUrl: string; id: string };
  const page = await app.inject({ url: pathOf(authUrl) });
  if (page.statusCode !== 200) throw new Error(`authorization page: ${page.body}`);
  const form: Record<string, string> =
    provider === 'shopee'
      ? { decision: 'approve', shop_id: demoShopId, redirect: hidden(page.body, 'redirect') }
      : {
          decision: 'approve',
          shop_id: demoShopId,
          redirect_uri: hidden(page.body, 'redirect_uri'),
          state: hidden(page.body, 'state'),
        };
  const approve = await app.inject({
    method: 'POST',
    url: provider === 'shopee' ? '/sandbox/shopee/authorize' : '/sandbox/lazada/oauth/approve',
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (approve.statusCode !== 302) throw new Error(`approve: ${approve.statusCode} ${approve.body}`);
  const callback = await app.inject({ url: pathOf(String(approve.headers.location)) });
  return { id, callback };
}

export async function shopperSays(
  app: FastifyInstance,
  platform: 'shopee' | 'lazada',
  shop: string,
  buyer: string,
  text: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/shopper/api/send',
    payload: { platform, shop, buyer, type: 'text', content: { text } },
  });
  if (res.statusCode !== 200) throw new Error(`shopper send: ${res.body}`);
}

export async function shopperSees(
  app: FastifyInstance,
  platform: 'shopee' | 'lazada',
  shop: string,
  buyer: string,
) {
  const res = await app.inject({
    url: `/sandbox/shopper/api/conversation?platform=${platform}&shop=${shop}&buyer=${buyer}`,
  });
  return (res.json() as { messages: { from: string; content: Record<string, unknown> }[] }).messages;
}

/** Waits until `check` stops throwing (pushes and jobs run asynchronously), or rethrows after `ms`. */
export async function eventually<T>(check: () => Promise<T>, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
