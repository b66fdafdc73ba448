import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { LeaveTo } from '../../lib/leave.tsx';
import { useMediaQuery, widthFrom } from '../../lib/media-query.ts';
import { tokenStore } from '../../lib/storage.ts';
import css from './dashboard-layout.module.css';
import { useLiveAttention } from './live-attention.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/** /dashboard/*: top bar, sidebar and the page. Without a token, the login page. */
export function DashboardLayout() {
  // Read, not subscribed: logging out leaves for the landing page before the token goes.
  if (!tokenStore.get()) return <LeaveTo path="/login" />;
  return <DashboardShell />;
}

/** The shell itself, signed in: also what the build prerenders a page's frame in (../prerender-frame.tsx). */
export function DashboardShell() {
  const desktop = useMediaQuery(widthFrom('md'));
  const [open, setOpen] = useState(desktop);
  useLiveAttention();

  // Open beside the page on a desktop, closed over it on a phone, whenever the width crosses 960 px.
  useEffect(() => {
    setOpen(desktop);
  }, [desktop]);

  return (
    <div className={css.shell}>
      <TopBar sidebarOpen={open} onMenu={() => setOpen(!open)} />
      <Sidebar open={open} desktop={desktop} onClose={() => setOpen(false)} />
      <main className={css.main} data-beside={desktop && open}>
        <div className={css.page}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
