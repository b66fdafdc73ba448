import { useEffect } from 'react';

/**
 * The public site (/, /login, …) is its own light set of pages, not part of this app: going there is
 * a full page load.
 */
export function goToSite(path: string, options: { replace?: boolean } = {}) {
  if (options.replace) window.location.replace(path);
  else window.location.assign(path);
}

/** Rendered where the dashboard must hand over to a site page (no session, an address of the site). */
export function LeaveTo({ path }: { path: string }) {
  useEffect(() => goToSite(path, { replace: true }), [path]);
  return null;
}
