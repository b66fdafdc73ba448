import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { inboxCountsKey } from '../lib/realtime-counts.ts';
import { answerApi } from '../test-utils.tsx';
import { FIRST_DATA_WAIT_MS, firstPageReady, loadBeforeFirstRender, prefetchShell } from './first-render.ts';

const request = (path: string) => ({ request: new Request(`http://localhost${path}`) });
const shell = {
  'GET /me': () => ({ id: 'm1', name: 'Aisyah', email: 'a@example.com' }),
  'GET /inbox/counts': () => ({ needsYou: 2, unread: 3, shops: [] }),
  'GET /shopee': () => [],
};

afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// In this order: the module remembers that the first page is ready (the last test).
describe('a page opened first', () => {
  it("waits for the shell's data and the page's own, then answers what the page answered", async () => {
    const fetch = answerApi(shell);
    const page = vi.fn(async (url: URL) => url.searchParams.get('view'));
    const result = await loadBeforeFirstRender(page)(request('/inbox?view=all'));
    expect(result).toBe('all');
    expect(page).toHaveBeenCalledOnce();
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/inbox/counts',
      '/api/me',
      '/api/shopee',
    ]);
    expect(queryClient.getQueryData(inboxCountsKey)).toEqual({ needsYou: 2, unread: 3, shops: [] });
    expect(queryClient.getQueryData(['me'])).toMatchObject({ name: 'Aisyah' });
  });

  it('is drawn anyway, with its loading states, when its data is late', async () => {
    vi.useFakeTimers();
    answerApi(shell);
    const loading = loadBeforeFirstRender(() => new Promise<string>(() => {}))(request('/insights'));
    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 1);
    let settled = false;
    void loading.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await loading).toBeNull();
  });

  it("is drawn when the page's data fails (the page shows the failure)", async () => {
    answerApi(shell);
    const result = await loadBeforeFirstRender(() => Promise.reject(new Error('offline')))(request('/inbox'));
    expect(result).toBeNull();
  });

  it("shares the shell's requests started before the router: each is asked for once", async () => {
    const fetch = answerApi(shell);
    expect(prefetchShell()).toHaveLength(3);
    expect(await loadBeforeFirstRender(async () => 'x')(request('/inbox'))).toBe('x');
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/inbox/counts',
      '/api/me',
      '/api/shopee',
    ]);
  });

  it('fetches nothing without a session (the layout sends the visitor to log in)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const page = vi.fn(async () => 'x');
    expect(await loadBeforeFirstRender(page)(request('/inbox'))).toBeNull();
    expect(prefetchShell()).toEqual([]);
    expect(page).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('waits for nothing once the first page is drawn: later navigations open at once', async () => {
    let listener: ((state: { initialized: boolean }) => void) | undefined;
    const router = {
      state: { initialized: false },
      subscribe: (l: (state: { initialized: boolean }) => void) => {
        listener = l;
        return () => {
          listener = undefined;
        };
      },
    };
    let ready = false;
    void firstPageReady(router).then(() => {
      ready = true;
    });
    listener?.({ initialized: false });
    await Promise.resolve();
    expect(ready).toBe(false);
    listener?.({ initialized: true });
    await vi.waitFor(() => expect(ready).toBe(true));
    expect(listener).toBeUndefined();

    const fetch = answerApi(shell);
    const page = vi.fn(async () => 'x');
    expect(await loadBeforeFirstRender(page)(request('/inbox'))).toBeNull();
    expect(page).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });
});
