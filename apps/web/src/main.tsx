import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/baseline.css';
import { App } from './app/app.tsx';
import { firstPageReady, prefetchShell } from './app/first-render.ts';
import { createDashboardRouter } from './app/router.tsx';
import { nextTask } from './lib/next-task.ts';
import { provideRealtimeConnection } from './lib/realtime.ts';

// The live connection's code, loaded once the page has painted (lib/realtime.ts opens it).
provideRealtimeConnection(() => import('./app/realtime/realtime-connection.ts'));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first load in slices, each a task of its own, so a phone's main thread is never held for long
// (the modules' own evaluation is the first): the shell's data requests; the router, which starts the
// first page's lazy code and data; then, once that code and data are in, React draws the
// first page once, in a transition (rendered in slices, the browser painting and answering input
// between them). Meanwhile index.html's top bar, or the view's prerendered frame, shows.
async function start(container: HTMLElement) {
  await nextTask();
  prefetchShell();
  await nextTask();
  const router = createDashboardRouter();
  await firstPageReady(router);
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}
void start(root);

// The installable dashboard's service worker (offline shell, push notifications), once the page has
// loaded so it never competes with the first load.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => {}));
}
