import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { onUnauthorized } from '../lib/api-client.ts';
import { goToSite } from '../lib/leave.tsx';
import { queryClient } from '../lib/query-client.ts';
import { endSession } from '../lib/session.ts';
import { AppProviders } from './providers.tsx';
import type { DashboardRouter } from './router.tsx';

/** The whole app. A 401 from any call ends the session and goes to the login page. */
export function App({ router }: { router: DashboardRouter }) {
  useEffect(
    () =>
      onUnauthorized(() => {
        endSession(queryClient);
        goToSite('/login', { replace: true });
      }),
    [],
  );
  return (
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
