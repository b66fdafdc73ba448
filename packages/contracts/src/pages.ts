/**
 * The public site: light pages prerendered at build time and served as they are, with none of the
 * dashboard's code. The server, the site and the dev server route by this list.
 */
export const sitePages = [
  { path: '/', page: 'index' },
  { path: '/login', page: 'login' },
  { path: '/signup', page: 'signup' },
  { path: '/terms', page: 'terms' },
  { path: '/privacy', page: 'privacy' },
  { path: '/reset-password/:token', page: 'reset-password' },
  { path: '/connected', page: 'connected' },
] as const;

/** A site page, or the site's 'Error 404 / Page Not Found' for an address nobody knows. */
export type SitePage = (typeof sitePages)[number]['page'] | 'not-found';

/** Everything under these addresses is the dashboard (the single-page app). */
export const dashboardRoots = ['/dashboard', '/inbox', '/insights', '/chat', '/test'] as const;

/**
 * Dashboard pages whose code the server names in the page's HTML (modulepreload), so the browser
 * fetches it beside the shell instead of after running it. The web build writes one HTML per view.
 */
export const dashboardViews = [
  { path: '/dashboard/shops', view: 'shops' },
  { path: '/dashboard/shops/:platform/:id', view: 'shop' },
  { path: '/dashboard/shops/train', view: 'train' },
  { path: '/dashboard/shops/knowledge', view: 'train' },
  { path: '/dashboard/knowledge', view: 'knowledge' },
  { path: '/dashboard/topic/:id', view: 'topic' },
  { path: '/dashboard/test/:provider', view: 'simulator' },
  { path: '/dashboard/vouchers/:shopId', view: 'vouchers' },
  { path: '/insights', view: 'insights' },
  { path: '/inbox', view: 'inbox' },
  { path: '/chat/shopee/:shopId/:chatId', view: 'chat' },
  { path: '/chat/lazada/:shopId/:chatId', view: 'chat' },
] as const;

export type DashboardView = (typeof dashboardViews)[number]['view'];

const segments = (path: string) => path.split('/').filter(Boolean);

/** The dashboard view an address shows, when it is one of dashboardViews. */
export function dashboardViewOf(pathname: string): DashboardView | null {
  const parts = segments(pathname);
  for (const { path, view } of dashboardViews) {
    const pattern = segments(path);
    if (pattern.length === parts.length && pattern.every((p, i) => p.startsWith(':') || p === parts[i]))
      return view;
  }
  return null;
}

const under = (pathname: string, root: string) => pathname === root || pathname.startsWith(`${root}/`);

/** What an address shows: a site page, the dashboard, or the site's not-found page. */
export function pageOf(pathname: string): { app: 'site'; page: SitePage } | { app: 'dashboard' } {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (dashboardRoots.some((root) => under(path, root))) return { app: 'dashboard' };
  for (const { path: pattern, page } of sitePages) {
    const param = pattern.indexOf('/:');
    const matches =
      param === -1
        ? path === pattern
        : path.startsWith(`${pattern.slice(0, param)}/`) && !path.slice(param + 1).includes('/');
    if (matches) return { app: 'site', page };
  }
  return { app: 'site', page: 'not-found' };
}
