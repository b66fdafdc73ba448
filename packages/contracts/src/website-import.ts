import { z } from 'zod';

/** Knowledge from the merchant's website (issue 28.4): what an import may fetch, and how often. */
export const websiteImportLimits = {
  /** Pages one source (a page, or every page of a sitemap) imports at most. */
  maxPages: 50,
  /** Website sources of one shop. */
  maxSources: 20,
  urlMaxLength: 2000,
  /** Bytes of one page, after decompression. */
  maxPageBytes: 2 * 1024 * 1024,
  /** Bytes of one sitemap (or sitemap index) and of robots.txt, after decompression. */
  maxSitemapBytes: 5 * 1024 * 1024,
  maxRobotsBytes: 512 * 1024,
  /** Sitemaps read from one sitemap index. */
  maxSitemaps: 10,
  maxRedirects: 5,
  /** One fetch, redirects included. */
  fetchTimeoutMs: 10_000,
  /** One whole import; pages not reached by then are reported as not fetched. */
  importTimeoutMs: 5 * 60_000,
  /** Pages fetched at the same time from one site. */
  concurrency: 4,
  /** Characters of text kept from one page. */
  maxPageChars: 200_000,
} as const;

export const websiteSchedules = ['manual', 'daily', 'weekly'] as const;
export type WebsiteSchedule = (typeof websiteSchedules)[number];

export const websiteImportBody = z.object({
  shopId: z.string().max(100),
  url: z.string().trim().min(1).max(websiteImportLimits.urlMaxLength),
  schedule: z.enum(websiteSchedules).default('manual'),
});
export const websiteScheduleBody = z.object({ schedule: z.enum(websiteSchedules) });

/** What one import found, against the import before it. */
export const websiteChangeSummary = z.object({
  added: z.number(),
  changed: z.number(),
  removed: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  /** Pages robots.txt asked us not to fetch. */
  disallowed: z.number(),
});
export type WebsiteChangeSummary = z.infer<typeof websiteChangeSummary>;

export const websitePage = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  status: z.enum(['ok', 'failed', 'disallowed', 'removed']),
  /** How the page changed in its source's last import. */
  change: z.enum(['added', 'changed', 'unchanged', 'removed', 'none']),
  error: z.string().nullable(),
  /** The knowledge file holding the page's text (null until it has text, or once removed). */
  fileId: z.string().nullable(),
  chars: z.number(),
  fetched: z.string().nullable(),
  changed: z.string().nullable(),
  /** Whether the text of the import before is kept to compare with. */
  hasDiff: z.boolean(),
});
export type WebsitePage = z.infer<typeof websitePage>;

export const websiteSource = z.object({
  id: z.string(),
  url: z.string(),
  kind: z.enum(['unknown', 'page', 'sitemap']),
  schedule: z.enum(websiteSchedules),
  status: z.enum(['queued', 'importing', 'done', 'failed']),
  error: z.string().nullable(),
  lastImport: z.string().nullable(),
  nextImport: z.string().nullable(),
  summary: websiteChangeSummary.nullable(),
  pages: z.array(websitePage),
});
export type WebsiteSource = z.infer<typeof websiteSource>;

export const websiteDiffLine = z.object({
  op: z.enum(['same', 'added', 'removed', 'skipped']),
  text: z.string(),
});
export type WebsiteDiffLine = z.infer<typeof websiteDiffLine>;
export const websitePageDiff = z.object({
  url: z.string(),
  lines: z.array(websiteDiffLine),
  added: z.number(),
  removed: z.number(),
});
export type WebsitePageDiff = z.infer<typeof websitePageDiff>;

/** The merchant's words about website imports. */
export const websiteImportMessages = {
  queued: 'Import started. Pages appear here as they are read.',
  reimportQueued: 'Re-import started',
  busy: 'This website is being imported now. Try again when it has finished.',
  removed: 'The website and its pages were removed from your knowledge',
  deleteConfirm: 'Remove this website and every page imported from it from your knowledge?',
  tooManySources: (n: number) => `A shop can import from at most ${n} websites. Remove one first.`,
  duplicate: 'This address is already imported for this shop. Use Re-import to read it again.',
  hint: `A page (your FAQ, shipping, returns or about page) or a sitemap (…/sitemap.xml) of your own website. At most ${websiteImportLimits.maxPages} pages are read; pages your robots.txt disallows are skipped.`,
  /** Why an address or a page could not be fetched. */
  refused: {
    invalidUrl: 'Enter a full web address starting with http:// or https://',
    scheme: 'Only http:// and https:// addresses can be imported',
    credentials: 'Web addresses with a user name or password cannot be imported',
    privateAddress:
      'This address points into a private network (or this server), which Balas does not fetch. Use your public website address.',
    dns: 'This website name could not be found',
    tooManyRedirects: `The page redirects more than ${websiteImportLimits.maxRedirects} times`,
    tooLarge: (mb: number) => `The page is larger than ${mb} MB`,
    timeout: (seconds: number) => `The website did not answer within ${seconds} seconds`,
    network: 'The website could not be reached',
    httpStatus: (status: number) => `The website answered with an error (HTTP ${status})`,
    notHtml: 'This address is not a web page or a sitemap',
    noText: 'The page has no readable text',
    robots: "The website's robots.txt asks robots not to read this page",
    robotsUnavailable: "The website's robots.txt could not be read, so no page was fetched",
    offSite: 'The sitemap lists no page of its own website',
    emptySitemap: 'The sitemap lists no pages',
    interrupted: 'The import was interrupted. Please re-import.',
    deadline: 'The import took too long; this page was not read',
  },
} as const;
