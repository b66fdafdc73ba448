import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The data cache: what every page needs around it, in the app and in tests. MUI's theme is only
 * around what MUI draws (components/mui-scope); the page's baseline is app/baseline.css.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
