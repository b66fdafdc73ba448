/** @jsxImportSource preact */
import { type DashboardView, dashboardViews, type SitePage, sitePages } from '@balas/contracts';
import { renderToString } from 'preact-render-to-string';
import { renderedInBrowser, Site, siteTitles } from './site.tsx';

/** For the build's per-view dashboard pages (scripts/view-pages.mjs): the Inbox's and Insights' first screens. */
export { renderInboxFrame, renderInsightsFrame } from '../app/prerender-frame.tsx';

/** For the build's per-view dashboard pages (scripts/view-pages.mjs). */
export const allDashboardViews: DashboardView[] = [...new Set(dashboardViews.map((v) => v.view))];

/** Every page of the site, the not-found page included. */
export const allSitePages: SitePage[] = [...sitePages.map((p) => p.page), 'not-found'];

/** A page's markup and title for its HTML file (build time, in Node). */
export function renderSitePage(page: SitePage): { html: string; title: string } {
  const html = renderedInBrowser.has(page)
    ? '<div class="page-loading" aria-busy="true"></div>'
    : renderToString(<Site page={page} path="" search="" />);
  return { html, title: siteTitles[page] };
}
