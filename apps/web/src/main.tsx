import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { firstPageReady } from './app/first-render.ts';
import { router } from './app/router.tsx';
import { provideRealtimeConnection } from './lib/realtime.ts';

// The live connection's code, loaded once the page has painted (lib/realtime.ts opens it).
provideRealtimeConnection(() => import('./app/realtime/realtime-connection.ts'));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Once the first page's code and data are in (the router's lazy routes and loaders, started as this
// module loaded), so React draws it once; meanwhile index.html's top bar shows. A transition: React
// renders the first screen in slices and lets the browser paint and answer input between them.
void firstPageReady(router).then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);

// The installable dashboard's service worker (offline shell, push notifications), once the page has
// loaded so it never competes with the first load.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => {}));
}
