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
