const hidden = (html: string, name: string) =>
  html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]?.replaceAll('&#38;', '&') ?? '';

/**
 * Connects a Shopee sandbox shop over HTTP, as the merchant's browser would through the authorization
 * page: for browser tests whose subject is not the connection itself.
 */
export async function connectShopee(
  baseUrl: string,
  token: string,
  demoShopId = '947042923',
  name = 'Kedai Comel',
) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/api/shopee`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name,
      person_name: 'Aisyah',
      person_email: 'aisyah@example.com',
      person_phone: '012-345 6789',
      redirect: `${baseUrl}/dashboard/addshop/complete`,
    }),
  });
  const { data } = (await created.json()) as { data: { id: string; authUrl: string } };
  const page = await (await fetch(data.authUrl)).text();
  const approve = await fetch(`${baseUrl}/sandbox/shopee/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      decision: 'approve',
      shop_id: demoShopId,
      redirect: hidden(page, 'redirect'),
    }),
    redirect: 'manual',
  });
  const callback = await fetch(String(approve.headers.get('location')), { redirect: 'manual' });
  if (callback.status !== 302) throw new Error(`callback answered ${callback.status}`);
  return data.id;
}

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

/** Connects a Lazada sandbox shop over HTTP, as `connectShopee` does for Shopee. */
export async function connectLazada(
  baseUrl: string,
  token: string,
  demoShopId = '100094063',
  name = 'Kedai Comel Lazada',
) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/api/lazada`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name,
      person_name: 'Aisyah',
      person_email: 'aisyah@example.com',
      person_phone: '012-345 6789',
    }),
  });
  const { data } = (await created.json()) as { data: { id: string; authUrl: string } };
  const page = await (await fetch(data.authUrl)).text();
  const approve = await fetch(`${baseUrl}/sandbox/lazada/oauth/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      decision: 'approve',
      shop_id: demoShopId,
      redirect_uri: hidden(page, 'redirect_uri'),
      state: hidden(page, 'state'),
    }),
    redirect: 'manual',
  });
  const callback = await fetch(String(approve.headers.get('location')), { redirect: 'manual' });
  if (callback.status !== 302) throw new Error(`callback answered ${callback.status}`);
  return data.id;
}
