const hidden = (html: string, name: string) =>
  html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]?.replaceAll('&#38;', '&') ?? '';

/** What differs between the platforms' authorization pages in the sandbox. */
const SANDBOX_AUTH = {
  shopee: {
    approve: '/sandbox/shopee/authorize',
    fields: (page: string) => ({ redirect: hidden(page, 'redirect') }),
  },
  lazada: {
    approve: '/sandbox/lazada/oauth/approve',
    fields: (page: string) => ({
      redirect_uri: hidden(page, 'redirect_uri'),
      state: hidden(page, 'state'),
    }),
  },
} as const;

/**
 * Connects a sandbox shop over HTTP, as the merchant's browser would through the platform's
 * authorization page: for browser tests whose subject is not the connection itself.
 */
async function connectSandboxShop(
  platform: keyof typeof SANDBOX_AUTH,
  baseUrl: string,
  token: string,
  demoShopId: string,
  name: string,
) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/api/${platform}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name,
      person_name: 'Aisyah',
      person_email: 'aisyah@example.com',
      person_phone: '012-345 6789',
      ...(platform === 'shopee' ? { redirect: `${baseUrl}/dashboard/addshop/complete` } : {}),
    }),
  });
  const { data } = (await created.json()) as { data: { id: string; authUrl: string } };
  const page = await (await fetch(data.authUrl)).text();
  const auth = SANDBOX_AUTH[platform];
  const approve = await fetch(`${baseUrl}${auth.approve}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'approve', shop_id: demoShopId, ...auth.fields(page) }),
    redirect: 'manual',
  });
  const callback = await fetch(String(approve.headers.get('location')), { redirect: 'manual' });
  if (callback.status !== 302) throw new Error(`callback answered ${callback.status}`);
  return data.id;
}

/** Connects a Shopee sandbox shop (see `connectSandboxShop`). */
export const connectShopee = (
  baseUrl: string,
  token: string,
  demoShopId = '947042923',
  name = 'Kedai Comel',
) => connectSandboxShop('shopee', baseUrl, token, demoShopId, name);

/** Connects a Lazada sandbox shop (see `connectSandboxShop`). */
export const connectLazada = (
  baseUrl: string,
  token: string,
  demoShopId = '100094063',
  name = 'Kedai Comel Lazada',
) => connectSandboxShop('lazada', baseUrl, token, demoShopId, name);

/** A JSON call to the product's API as the merchant. */
export async function apiCall<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}
