import type { Page } from 'playwright-core';

/** Signs a merchant up through the API and stores the token as the web app does. */
export async function signedIn(
  page: Page,
  baseUrl: string,
  email = `m${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`,
) {
  const res = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Aisyah', email, password: 'correct horse', confirm: 'correct horse' }),
  });
  const { data } = (await res.json()) as { data: { accessToken: string } };
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), data.accessToken);
  return { token: data.accessToken, email };
}
