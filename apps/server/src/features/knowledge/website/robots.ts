/**
 * robots.txt as RFC 9309 reads it: the group for our product token (else `*`), its Allow and
 * Disallow rules with `*` and `$`, the longest match winning and Allow winning a tie.
 */
export interface Robots {
  allows(url: string): boolean;
  /** Sitemaps the file names. */
  sitemaps: string[];
  /** Seconds the site asks between requests (`Crawl-delay` of the group chosen), if it asks. */
  crawlDelay?: number | undefined;
}

interface Rule {
  allow: boolean;
  path: string;
  pattern: RegExp;
}

export const allowAll: Robots = { allows: () => true, sitemaps: [] };
export const disallowAll: Robots = { allows: () => false, sitemaps: [] };

const toPattern = (path: string) =>
  new RegExp(
    `^${path
      .replace(/[.+?^{}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\\\$$|\$$/, '$')}`,
  );

/** Percent-encodes what a URL path would (so `/ä` in robots.txt matches `/%C3%A4`). */
function normalizePath(path: string): string {
  try {
    return encodeURI(decodeURI(path));
  } catch {
    return path;
  }
}

export function parseRobots(text: string, productToken: string): Robots {
  const token = productToken.toLowerCase();
  const groups: { agents: string[]; rules: Rule[]; crawlDelay?: number }[] = [];
  const sitemaps: string[] = [];
  let current: { agents: string[]; rules: Rule[]; crawlDelay?: number } | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!lastWasAgent || !current) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (key === 'sitemap') {
      if (value) sitemaps.push(value);
    } else if ((key === 'allow' || key === 'disallow') && current) {
      // An empty Disallow allows everything: it is no rule.
      if (value === '') continue;
      const path = normalizePath(value);
      current.rules.push({ allow: key === 'allow', path, pattern: toPattern(path) });
    } else if (key === 'crawl-delay' && current) {
      // Not in RFC 9309, but widely written: seconds between requests (a fraction allowed).
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds > 0) current.crawlDelay = seconds;
    }
  }
  const mine = groups.filter((g) => g.agents.some((a) => a !== '*' && token.startsWith(a)));
  const chosen = mine.length > 0 ? mine : groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  const delays = chosen.map((g) => g.crawlDelay).filter((d) => d !== undefined);
  return {
    sitemaps,
    crawlDelay: delays.length > 0 ? Math.max(...delays) : undefined,
    allows(url: string) {
      let target: string;
      try {
        const parsed = new URL(url);
        target = normalizePath(parsed.pathname) + parsed.search;
      } catch {
        return false;
      }
      if (target === '/robots.txt') return true;
      let best: Rule | null = null;
      for (const rule of rules) {
        if (!rule.pattern.test(target)) continue;
        if (
          !best ||
          rule.path.length > best.path.length ||
          (rule.path.length === best.path.length && rule.allow)
        ) {
          best = rule;
        }
      }
      return best ? best.allow : true;
    },
  };
}
