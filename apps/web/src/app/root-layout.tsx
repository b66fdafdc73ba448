import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { useRouteTitle } from '../lib/page-title.ts';

/**
 * Around every page: its title in the document, a new page starts at its top, and going back returns
 * to where the merchant was.
 */
export function RootLayout() {
  useRouteTitle();
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
