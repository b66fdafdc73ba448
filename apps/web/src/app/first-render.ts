import { meQueryOptions } from '../features/auth/api/get-me.ts';
import { shopsQueryOptions } from '../features/shops/api/get-shops.ts';
import { queryClient } from '../lib/query-client.ts';
import { inboxCountsQuery } from '../lib/realtime-counts.ts';
import { tokenStore } from '../lib/storage.ts';

/** How long the first render waits for its page's data; past it the page shows its loading states. */
export const FIRST_DATA_WAIT_MS = 3000;

let firstRender = true;

/**
 * A route loader for a page the dashboard opens on (the Inbox, Insights): on the first load it fetches
 * the shell's data (the merchant, the counts, the shops) and the page's own (`page`, which may answer a
 * redirect) at once and waits for them, at most FIRST_DATA_WAIT_MS, so that React draws the shell and
 * the page once, with their data, instead of a commit per answer (each re-rendering the page's
 * components: the main-thread cost of a phone's first load). Until then the HTML's top bar shows.
 * Later navigations do not wait: the page opens at once and loads as it always did.
 */
export function loadBeforeFirstRender<T>(page: (url: URL) => Promise<T>) {
  return async ({ request }: { request: Request }): Promise<T | null> => {
    if (!firstRender || !tokenStore.get()) return null;
    const shell = prefetchShell();
    const own = page(new URL(request.url)).catch(() => null);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), FIRST_DATA_WAIT_MS);
    });
    const result = await Promise.race([Promise.all([own, ...shell]).then(([r]) => r), late]);
    clearTimeout(timer);
    return result;
  };
}

/**
 * Starts fetching what the shell shows on every page (the merchant, the counts, the shops) when a
 * merchant is signed in; a fetch already under way is shared, not repeated. prefetchQuery never
 * throws: a failed answer is the page's to show, as on any load.
 */
export function prefetchShell(): Promise<void>[] {
  if (!tokenStore.get()) return [];
  return [
    queryClient.prefetchQuery(meQueryOptions()),
    queryClient.prefetchQuery(inboxCountsQuery()),
    queryClient.prefetchQuery(shopsQueryOptions()),
  ];
}

interface StartingRouter {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/** Resolves once the router has its first page's code and data (its loaders and lazy routes are done). */
export function firstPageReady(router: StartingRouter): Promise<void> {
  const done = () => {
    firstRender = false;
  };
  if (router.state.initialized) return Promise.resolve().then(done);
  return new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  }).then(done);
}
