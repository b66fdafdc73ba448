import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { InboxPage } from '../features/inbox/components/inbox-page/inbox-page.tsx';
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
  const router = createMemoryRouter(
    [{ path: '/inbox', element: <DashboardShell />, children: [{ index: true, element: <InboxPage /> }] }],
    // Some view, for the page to draw its list pane; which one is chosen once the counts are in.
    { initialEntries: ['/inbox?view=all'] },
  );
  const html = renderToString(
    <AppProviders client={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // No view is chosen yet: no tab is shown as the current one.
  return html.replaceAll('aria-selected="true"', 'aria-selected="false"');
}
