import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { AppProviders } from './app/providers.tsx';
import { MuiScope } from './components/mui-scope/mui-scope.tsx';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** Renders routes inside the app's providers at a given address; answers the router to follow navigation. */
export function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders client={client}>
      <MuiScope>
        <RouterProvider router={router} />
      </MuiScope>
    </AppProviders>,
  );
  return { ...view, router, client };
}

/**
 * The API as a page under test calls it, signed in: each `METHOD /path?query` (without `/api`) answers
 * its `data`, or a Response as it is; anything else answers 404. Returns the fetch mock.
 */
export function answerApi(answers: Record<string, (body: unknown) => unknown>) {
  localStorage.setItem('token', 't');
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.replace(/^\/api/, '')}`;
    const answer = answers[key];
    if (!answer)
      return Response.json({ error: { code: 'not_found', message: `no ${key}` } }, { status: 404 });
    const data = answer(typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body);
    return data instanceof Response ? data : Response.json({ data });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
