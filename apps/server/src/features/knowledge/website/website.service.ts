import { createHash } from 'node:crypto';
import {
  websiteImportLimits as bounds,
  limits,
  type WebsiteChangeSummary,
  type WebsitePage,
  type WebsitePageDiff,
  type WebsiteSchedule,
  type WebsiteSource,
  websiteImportMessages as words,
} from '@balas/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, lte, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { shops, websitePages, websiteSources } from '../../../db/schema.ts';
import { AppError, notFound } from '../../../errors.ts';
import { bindJob } from '../../../platform/queue.ts';
import {
  type FetchedPage,
  type FetchRefusal,
  FetchRefused,
  ROBOTS_TOKEN,
} from '../../../platform/safe-fetch.ts';
import { isUuid } from '../../shops/shop-guard.ts';
import type { KnowledgeService } from '../knowledge.service.ts';
import { createPace } from './pace.ts';
import type { PageFile } from './page-file.ts';
import { createPageReader, PageReadError, type PageReader } from './page-reader.ts';
import { allowAll, disallowAll, parseRobots, type Robots } from './robots.ts';
import { looksLikeSitemap, parseSitemap } from './sitemap.ts';
import { diffLines } from './text-diff.ts';
import { importWebsiteJob, queueDueWebsitesJob } from './website.jobs.ts';

type SourceRow = typeof websiteSources.$inferSelect;
type PageRow = typeof websitePages.$inferSelect;

/** A claim on a source older than this was lost with its process (an import takes 5 minutes at most). */
export const CLAIM_STALE_MS = 10 * 60_000;
const scheduleMs: Record<WebsiteSchedule, number | null> = {
  manual: null,
  daily: 24 * 60 * 60_000,
  weekly: 7 * 24 * 60 * 60_000,
};

/** The merchant's words for why a fetch was refused or failed. */
export function refusalMessage(reason: FetchRefusal): string {
  const r = words.refused;
  switch (reason) {
    case 'tooLarge':
      return r.tooLarge(Math.round(bounds.maxPageBytes / 1024 / 1024));
    case 'timeout':
      return r.timeout(bounds.fetchTimeoutMs / 1000);
    default:
      return r[reason];
  }
}

/**
 * An address the merchant typed, as we store and fetch it: absolute http(s), no user or password,
 * no fragment. Throws a validation error naming the field.
 */
export function normalizeSiteUrl(input: string): string {
  const invalid = (message: string) => new AppError('validation', message, { url: message });
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(input) ? input : `https://${input}`);
  } catch {
    throw invalid(words.refused.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(words.refused.scheme);
  if (url.username || url.password) throw invalid(words.refused.credentials);
  if (!url.hostname.includes('.') && !url.hostname.startsWith('[')) throw invalid(words.refused.invalidUrl);
  url.hash = '';
  return url.href;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** The charset a response declares (header, else a <meta> near the top), decoded; UTF-8 otherwise. */
function decodeBody(page: FetchedPage): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(page.contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(page.body.subarray(0, 2048).toString('latin1'))?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(declared.toLowerCase()).decode(page.body);
  } catch {
    return new TextDecoder('utf-8').decode(page.body);
  }
}

const isHtml = (page: FetchedPage) => /\b(text\/html|application\/xhtml\+xml)\b/i.test(page.contentType);
const isPlain = (page: FetchedPage) => /\btext\/plain\b/i.test(page.contentType);

const toPage = (row: PageRow): WebsitePage => ({
  id: row.id,
  url: row.url,
  title: row.title,
  status: row.status,
  change: row.change,
  error: row.error,
  fileId: row.fileId,
  chars: row.text.length,
  fetched: row.fetchedAt?.toISOString() ?? null,
  changed: row.changedAt?.toISOString() ?? null,
  hasDiff: row.previousText !== null && row.change !== 'none',
});

const toSource = (row: SourceRow, pages: PageRow[]): WebsiteSource => ({
  id: row.id,
  url: row.url,
  kind: row.kind,
  schedule: row.schedule,
  status: row.status,
  error: row.error,
  lastImport: row.lastImportAt?.toISOString() ?? null,
  nextImport: row.nextImportAt?.toISOString() ?? null,
  summary: row.summary ?? null,
  pages: pages.map(toPage),
});

/** What fetching one page of an import came to. */
type PageOutcome =
  | { url: string; ok: true; title: string; text: string; file: Omit<PageFile, 'title' | 'text'> }
  | { url: string; ok: false; disallowed: boolean; error: string };

export function createWebsiteImport(ctx: AppContext, deps: { knowledge: KnowledgeService }) {
  const { db } = ctx.database;
  const { knowledge } = deps;

  async function sourcesOf(shopId: string, ids?: string[]): Promise<WebsiteSource[]> {
    const rows = await db
      .select()
      .from(websiteSources)
      .where(
        ids
          ? and(eq(websiteSources.shopId, shopId), inArray(websiteSources.id, ids))
          : eq(websiteSources.shopId, shopId),
      )
      .orderBy(desc(websiteSources.createdAt));
    if (rows.length === 0) return [];
    const pages = await db
      .select()
      .from(websitePages)
      .where(
        inArray(
          websitePages.sourceId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(websitePages.url));
    return rows.map((row) =>
      toSource(
        row,
        pages.filter((p) => p.sourceId === row.id),
      ),
    );
  }

  /** A source of one of the merchant's shops, else 404. */
  async function ownedSource(merchantId: string, sourceId: string): Promise<SourceRow> {
    if (!isUuid(sourceId)) throw notFound('Website not found');
    const [row] = await db
      .select({ source: websiteSources })
      .from(websiteSources)
      .innerJoin(shops, eq(shops.id, websiteSources.shopId))
      .where(and(eq(websiteSources.id, sourceId), eq(shops.merchantId, merchantId)));
    if (!row) throw notFound('Website not found');
    return row.source;
  }

  async function ownedPage(merchantId: string, pageId: string): Promise<PageRow> {
    if (!isUuid(pageId)) throw notFound('Page not found');
    const [row] = await db
      .select({ page: websitePages })
      .from(websitePages)
      .innerJoin(shops, eq(shops.id, websitePages.shopId))
      .where(and(eq(websitePages.id, pageId), eq(shops.merchantId, merchantId)));
    if (!row) throw notFound('Page not found');
    return row.page;
  }

  const fetchPage = (url: string, maxBytes: number, signal: AbortSignal) =>
    ctx.webFetch(url, { maxBytes, signal });

  /**
   * robots.txt of a site, as RFC 9309 says to read an answer: 4xx allows all, 5xx or no answer
   * allows nothing. A site we may not or cannot reach at all (a private address, an unknown name) is
   * the import's error.
   */
  async function robotsOf(origin: string, signal: AbortSignal): Promise<Robots | { error: string }> {
    try {
      const answer = await ctx.webFetch(`${origin}/robots.txt`, {
        maxBytes: bounds.maxRobotsBytes,
        accept: 'text/plain',
        signal,
      });
      if (answer.status >= 200 && answer.status < 300) return parseRobots(decodeBody(answer), ROBOTS_TOKEN);
      if (answer.status >= 400 && answer.status < 500) return allowAll;
      return disallowAll;
    } catch (error) {
      if (!(error instanceof FetchRefused)) throw error;
      if (error.reason === 'tooLarge') return allowAll;
      if (error.reason === 'timeout' || error.reason === 'network' || error.reason === 'tooManyRedirects') {
        return disallowAll;
      }
      return { error: refusalMessage(error.reason) };
    }
  }

  /** Fetches and reads one page; every failure is an outcome with the merchant's reason. */
  async function readPage(
    url: string,
    robots: Robots,
    signal: AbortSignal,
    reader: PageReader,
    fetched?: FetchedPage,
  ): Promise<PageOutcome> {
    if (!robots.allows(url)) return { url, ok: false, disallowed: true, error: words.refused.robots };
    try {
      const page = fetched ?? (await fetchPage(url, bounds.maxPageBytes, signal));
      if (page.status < 200 || page.status >= 300) {
        return { url, ok: false, disallowed: false, error: words.refused.httpStatus(page.status) };
      }
      if (!isHtml(page) && !isPlain(page))
        return { url, ok: false, disallowed: false, error: words.refused.notHtml };
      const { title, text, ...file } = await reader.readFile({
        body: decodeBody(page),
        html: isHtml(page),
        url,
        maxChars: bounds.maxPageChars,
        chunkSize: limits.uploadChunkSize,
      });
      if (!text) return { url, ok: false, disallowed: false, error: words.refused.noText };
      return { url, ok: true, title, text, file };
    } catch (error) {
      if (error instanceof PageReadError)
        return { url, ok: false, disallowed: false, error: words.refused.noText };
      if (!(error instanceof FetchRefused)) throw error;
      if (signal.aborted) return { url, ok: false, disallowed: false, error: words.refused.deadline };
      return { url, ok: false, disallowed: false, error: refusalMessage(error.reason) };
    }
  }

  /**
   * The pages a source stands for: a page itself, or the pages of its sitemap (a sitemap index's
   * sitemaps read in turn), on the sitemap's own host only, at most maxPages.
   */
  async function pagesOf(
    source: SourceRow,
    robots: Robots,
    signal: AbortSignal,
  ): Promise<{ kind: 'page' | 'sitemap'; urls: string[]; first?: FetchedPage } | { error: string }> {
    if (!robots.allows(source.url)) return { error: words.refused.robots };
    let answer: FetchedPage;
    try {
      answer = await fetchPage(source.url, bounds.maxSitemapBytes, signal);
    } catch (error) {
      if (error instanceof FetchRefused) return { error: refusalMessage(error.reason) };
      throw error;
    }
    if (answer.status < 200 || answer.status >= 300)
      return { error: words.refused.httpStatus(answer.status) };
    const text = decodeBody(answer);
    if (!looksLikeSitemap(text)) {
      if (answer.body.length > bounds.maxPageBytes) return { error: refusalMessage('tooLarge') };
      return { kind: 'page', urls: [source.url], first: answer };
    }
    const host = new URL(answer.url).host;
    const onSite = (url: string) => {
      try {
        const parsed = new URL(url);
        parsed.hash = '';
        return parsed.host === host && (parsed.protocol === 'https:' || parsed.protocol === 'http:')
          ? parsed.href
          : null;
      } catch {
        return null;
      }
    };
    const urls = new Set<string>();
    let sitemap = parseSitemap(text, bounds.maxPages * 20);
    const queue =
      sitemap.kind === 'index'
        ? sitemap.urls
            .map(onSite)
            .filter((u) => u !== null)
            .slice(0, bounds.maxSitemaps)
        : [];
    const take = (list: string[]) => {
      for (const url of list) {
        const page = onSite(url);
        if (page && urls.size < bounds.maxPages) urls.add(page);
      }
    };
    if (sitemap.kind === 'urlset') take(sitemap.urls);
    for (const child of queue) {
      if (urls.size >= bounds.maxPages || signal.aborted) break;
      if (!robots.allows(child)) continue;
      try {
        const part = await fetchPage(child, bounds.maxSitemapBytes, signal);
        const body = decodeBody(part);
        if (part.status >= 200 && part.status < 300 && looksLikeSitemap(body)) {
          sitemap = parseSitemap(body, bounds.maxPages * 20);
          // Nested indexes are not followed further.
          if (sitemap.kind === 'urlset') take(sitemap.urls);
        }
      } catch (error) {
        if (!(error instanceof FetchRefused)) throw error;
      }
    }
    if (urls.size === 0)
      return { error: sitemap.urls.length > 0 ? words.refused.offSite : words.refused.emptySitemap };
    return { kind: 'sitemap', urls: [...urls] };
  }

  async function dropFile(fileId: string | null) {
    if (!fileId) return;
    const file = await knowledge.fileById(fileId);
    if (file) await knowledge.remove(file);
  }

  /** Stores what one page came to against what the import before found; returns how it changed. */
  async function record(source: SourceRow, before: PageRow | undefined, outcome: PageOutcome, now: Date) {
    if (!outcome.ok) {
      // A page that cannot be read now keeps its knowledge (a site down for a minute loses nothing);
      // one robots.txt now disallows is taken out.
      if (outcome.disallowed) await dropFile(before?.fileId ?? null);
      const values = {
        status: outcome.disallowed ? ('disallowed' as const) : ('failed' as const),
        error: outcome.error,
        change: 'none' as const,
        fetchedAt: now,
        ...(outcome.disallowed ? { fileId: null } : {}),
      };
      if (before) await db.update(websitePages).set(values).where(eq(websitePages.id, before.id));
      else
        await db
          .insert(websitePages)
          .values({ sourceId: source.id, shopId: source.shopId, url: outcome.url, ...values });
      return outcome.disallowed ? 'disallowed' : 'failed';
    }
    const hash = hashOf(`${outcome.title}\n${outcome.text}`);
    const same = before?.contentHash === hash;
    if (same && before?.status === 'ok' && before.fileId) {
      await db
        .update(websitePages)
        .set({ change: 'unchanged', error: null, fetchedAt: now })
        .where(eq(websitePages.id, before.id));
      return 'unchanged';
    }
    const change = same
      ? ('unchanged' as const)
      : before?.contentHash
        ? ('changed' as const)
        : ('added' as const);
    const values = {
      title: outcome.title,
      status: 'ok' as const,
      error: null,
      change,
      contentHash: hash,
      text: outcome.text,
      previousText: change === 'changed' ? (before?.text ?? null) : (before?.previousText ?? null),
      fetchedAt: now,
      changedAt: change === 'unchanged' ? (before?.changedAt ?? now) : now,
    };
    // The page's new file, the page pointing at it and the old file's removal are one transaction:
    // until it commits the bot answers from the old text, after it from the new.
    await knowledge.addRead(
      source.shopId,
      {
        fileName: outcome.file.fileName,
        data: Buffer.from(outcome.file.content),
        mime: 'text/plain',
        chunkSize: limits.uploadChunkSize,
        chunks: outcome.file.chunks,
      },
      {
        replaces: before?.fileId ?? null,
        within: async (tx, fileId) => {
          if (before) {
            await tx
              .update(websitePages)
              .set({ ...values, fileId })
              .where(eq(websitePages.id, before.id));
          } else {
            await tx
              .insert(websitePages)
              .values({ sourceId: source.id, shopId: source.shopId, url: outcome.url, ...values, fileId });
          }
        },
      },
    );
    return change;
  }

  const service = {
    ownedSource,
    ownedPage,
    list: (shopId: string) => sourcesOf(shopId),

    async one(source: SourceRow): Promise<WebsiteSource> {
      const [found] = await sourcesOf(source.shopId, [source.id]);
      if (!found) throw notFound('Website not found');
      return found;
    },

    /** A new source of the shop, its first import queued. */
    async add(shopId: string, input: { url: string; schedule: WebsiteSchedule }): Promise<WebsiteSource> {
      const url = normalizeSiteUrl(input.url);
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(websiteSources)
        .where(eq(websiteSources.shopId, shopId));
      if (n >= bounds.maxSources) throw new AppError('conflict', words.tooManySources(bounds.maxSources));
      const [row] = await db
        .insert(websiteSources)
        .values({ shopId, url, schedule: input.schedule })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('conflict', words.duplicate, { url: words.duplicate });
      await ctx.queue.enqueue(importWebsiteJob, { sourceId: row.id }, { jobId: row.id });
      return toSource(row, []);
    },

    /** Queues an import now; refused while one runs. */
    async reimport(source: SourceRow): Promise<WebsiteSource> {
      const [row] = await db
        .update(websiteSources)
        .set({ status: 'queued', error: null })
        .where(
          and(
            eq(websiteSources.id, source.id),
            or(
              ne(websiteSources.status, 'importing'),
              lt(websiteSources.claimedAt, new Date(Date.now() - CLAIM_STALE_MS)),
            ),
          ),
        )
        .returning();
      if (!row) throw new AppError('conflict', words.busy);
      await ctx.queue.enqueue(importWebsiteJob, { sourceId: row.id }, { jobId: row.id });
      return service.one(row);
    },

    async setSchedule(source: SourceRow, schedule: WebsiteSchedule): Promise<WebsiteSource> {
      const every = scheduleMs[schedule];
      const from = source.lastImportAt ?? new Date();
      await db
        .update(websiteSources)
        .set({ schedule, nextImportAt: every ? new Date(from.getTime() + every) : null })
        .where(eq(websiteSources.id, source.id));
      return service.one(source);
    },

    /** The source, its pages and their knowledge files. */
    async remove(source: SourceRow): Promise<void> {
      const pages = await db
        .select({ fileId: websitePages.fileId })
        .from(websitePages)
        .where(and(eq(websitePages.sourceId, source.id), isNotNull(websitePages.fileId)));
      await db.delete(websiteSources).where(eq(websiteSources.id, source.id));
      for (const page of pages) await dropFile(page.fileId);
    },

    /** The text a changed (or removed) page had at the import before, against what it has now. */
    diff(page: PageRow): WebsitePageDiff {
      return { url: page.url, ...diffLines(page.previousText ?? '', page.text) };
    },

    /**
     * One import of a source (the job): claims it, reads robots.txt, the page or the sitemap's pages
     * (a few at a time), stores each page's text as a knowledge file when it is new or changed,
     * removes the pages a sitemap no longer lists, and records what changed.
     */
    async runImport(sourceId: string): Promise<WebsiteChangeSummary | null> {
      const [source] = await db
        .update(websiteSources)
        .set({ status: 'importing', claimedAt: new Date(), error: null })
        .where(
          and(
            eq(websiteSources.id, sourceId),
            or(
              ne(websiteSources.status, 'importing'),
              lt(websiteSources.claimedAt, new Date(Date.now() - CLAIM_STALE_MS)),
            ),
          ),
        )
        .returning();
      if (!source) return null;
      const started = performance.now();
      const signal = AbortSignal.timeout(bounds.importTimeoutMs);
      const finish = async (values: Partial<SourceRow>) => {
        const now = new Date();
        const every = scheduleMs[source.schedule];
        await db
          .update(websiteSources)
          .set({
            claimedAt: null,
            lastImportAt: now,
            nextImportAt: every ? new Date(now.getTime() + every) : null,
            ...values,
          })
          .where(eq(websiteSources.id, source.id));
      };
      try {
        const origin = new URL(source.url).origin;
        const robots = await robotsOf(origin, signal);
        if ('error' in robots) {
          await finish({ status: 'failed', error: robots.error });
          return null;
        }
        const found = await pagesOf(source, robots, signal);
        if ('error' in found) {
          await finish({
            status: 'failed',
            error: robots === disallowAll ? words.refused.robotsUnavailable : found.error,
          });
          return null;
        }
        const before = await db.select().from(websitePages).where(eq(websitePages.sourceId, source.id));
        const byUrl = new Map(before.map((p) => [p.url, p]));
        const summary: WebsiteChangeSummary = {
          added: 0,
          changed: 0,
          removed: 0,
          unchanged: 0,
          failed: 0,
          disallowed: 0,
        };
        const now = new Date();
        // Each page is stored as soon as it is read, one page at a time (one transaction each), while
        // the next pages are fetched and read.
        let storing: Promise<void> = Promise.resolve();
        let storeFailed: { error: unknown } | null = null;
        const store = (outcome: PageOutcome) => {
          const previous = byUrl.get(outcome.url);
          byUrl.delete(outcome.url);
          storing = storing.then(async () => {
            if (storeFailed) return;
            try {
              summary[await record(source, previous, outcome, now)]++;
            } catch (error) {
              storeFailed = { error };
            }
          });
        };
        const pace = createPace(robots.crawlDelay, signal);
        const reader = createPageReader();
        let next = 0;
        const worker = async () => {
          while (next < found.urls.length && !storeFailed) {
            const url = found.urls[next++]!;
            const first = url === source.url ? found.first : undefined;
            if (!first) await pace.turn();
            store(
              signal.aborted
                ? { url, ok: false, disallowed: false, error: words.refused.deadline }
                : await readPage(url, robots, signal, reader, first),
            );
          }
        };
        try {
          await Promise.all(Array.from({ length: Math.min(pace.lanes, found.urls.length) }, worker));
        } finally {
          await reader.close();
          await storing;
        }
        if (storeFailed) throw (storeFailed as { error: unknown }).error;
        // Pages the sitemap (or the page's address) no longer gives are removed from the knowledge.
        for (const gone of byUrl.values()) {
          if (gone.status === 'removed') {
            await db.update(websitePages).set({ change: 'none' }).where(eq(websitePages.id, gone.id));
            continue;
          }
          await dropFile(gone.fileId);
          await db
            .update(websitePages)
            .set({
              status: 'removed',
              change: 'removed',
              fileId: null,
              previousText: gone.text,
              text: '',
              contentHash: null,
              changedAt: now,
            })
            .where(eq(websitePages.id, gone.id));
          summary.removed++;
        }
        await finish({ status: 'done', kind: found.kind, summary, error: null });
        ctx.log.info(
          { sourceId, pages: found.urls.length, ...summary, ms: Math.round(performance.now() - started) },
          'website imported',
        );
        return summary;
      } catch (error) {
        await finish({ status: 'failed', error: words.refused.interrupted });
        throw error;
      }
    },

    /**
     * Scheduled: sources whose next import is due, and imports a lost process left claimed or
     * queued, are queued (their id as the job id, so one still queued is not doubled).
     */
    async queueDue(now = new Date()): Promise<number> {
      const due = await db
        .select({ id: websiteSources.id })
        .from(websiteSources)
        .where(
          or(
            and(
              ne(websiteSources.schedule, 'manual'),
              lte(websiteSources.nextImportAt, now),
              ne(websiteSources.status, 'importing'),
            ),
            and(
              eq(websiteSources.status, 'importing'),
              lt(websiteSources.claimedAt, new Date(now.getTime() - CLAIM_STALE_MS)),
            ),
            and(
              eq(websiteSources.status, 'queued'),
              lt(websiteSources.createdAt, new Date(now.getTime() - CLAIM_STALE_MS)),
            ),
          ),
        )
        .limit(200);
      for (const { id } of due) await ctx.queue.enqueue(importWebsiteJob, { sourceId: id }, { jobId: id });
      return due.length;
    },

    /** For tests: a source's row. */
    async row(sourceId: string) {
      const [row] = await db.select().from(websiteSources).where(eq(websiteSources.id, sourceId));
      return row ?? null;
    },
  };
  return service;
}

export type WebsiteImport = ReturnType<typeof createWebsiteImport>;

/** The website jobs' handlers, bound to the service (registered in jobs.ts). */
export const websiteJobHandlers = (website: WebsiteImport) => [
  bindJob(importWebsiteJob, async ({ sourceId }) => {
    await website.runImport(sourceId);
  }),
  bindJob(queueDueWebsitesJob, async () => {
    await website.queueDue();
  }),
];
