import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MuiScope } from '../components/mui-scope/mui-scope.tsx';
import { InboxPage } from '../features/inbox/components/inbox-page/inbox-page.tsx';
import { InsightsPage } from '../features/insights/components/insights-page.tsx';
import { AppProviders } from './providers.tsx';
import { DashboardShell } from './shell/dashboard-layout.tsx';

/**
 * The first screen of the Inbox as a phone shows it before its data is in (the top bar, the page's
 * header, its view tabs, search and filters, the list loading), rendered at build time by the real
 * components into the view's HTML (scripts/view-pages.mjs), so a phone paints it before any script
 * has run; React replaces it with the same markup once the first data is in (./first-render.ts).
 * Emotion writes the styles beside the markup; the browser's emotion adopts them when it starts.
 */
export function renderInboxFrame(): string {
  // Some view, for the page to draw its list pane; which one is chosen once the counts are in.
  const html = renderInShell('/inbox', <InboxPage />, '/inbox?view=all');
  // No view is chosen yet: no tab is shown as the current one.
  return html.replaceAll('aria-selected="true"', 'aria-selected="false"');
}

/**
 * The first screen of Insights on a phone before its data is in: the top bar, the page's header, the
 * shop and period pickers, what a chat is (the largest paint) and the figures' placeholders. The
 * frame serves every /insights address, so it marks no period as chosen and shows no shop: the
 * address's are drawn when React replaces it.
 */
export function renderInsightsFrame(): string {
  return renderInShell(
    '/insights',
    <MuiScope>
      <InsightsPage />
    </MuiScope>,
  )
    .replaceAll('aria-pressed="true"', 'aria-pressed="false"')
    .replaceAll(' Mui-selected', '')
    .replace(/(role="combobox"[^>]*>)All shops</, '$1&#8203;<');
}

/** A view's page in the signed-in shell, as React renders it before any data is in. */
function renderInShell(path: string, page: ReactNode, address = path): string {
  const router = createMemoryRouter(
    [{ path, element: <DashboardShell />, children: [{ index: true, element: page }] }],
    { initialEntries: [address] },
  );
  return renderToString(
    <AppProviders client={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
