import { decodeEntities } from './html-text.ts';

/** A sitemap's page addresses, or a sitemap index's sitemaps (sitemaps.org protocol). */
export interface Sitemap {
  kind: 'urlset' | 'index';
  urls: string[];
}

/** Whether a body is a sitemap rather than a page (an XML urlset or sitemap index). */
export function looksLikeSitemap(body: string): boolean {
  const head = body.slice(0, 2000);
  return /<(\w+:)?(urlset|sitemapindex)[\s>]/i.test(head);
}

/** Reads `<loc>` of a urlset or a sitemapindex; at most `max` of them. */
export function parseSitemap(xml: string, max: number): Sitemap {
  const kind = /<(\w+:)?sitemapindex[\s>]/i.test(xml.slice(0, 4000)) ? 'index' : 'urlset';
  const urls: string[] = [];
  const loc = /<(?:\w+:)?loc>\s*(?:<!\[CDATA\[)?([^<\]]*?)(?:\]\]>)?\s*<\/(?:\w+:)?loc>/gi;
  for (let match = loc.exec(xml); match && urls.length < max; match = loc.exec(xml)) {
    const url = decodeEntities(match[1]!.trim());
    if (url) urls.push(url);
  }
  return { kind, urls };
}
