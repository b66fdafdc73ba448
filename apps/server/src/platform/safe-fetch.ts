import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { websiteImportLimits } from '@balas/contracts';

/**
 * Fetching a merchant's website is a door into the server's network. Every fetch here goes to
 * http(s) on a public address only: the name is resolved once, every address it resolves to is
 * checked, and the connection is made to exactly the checked addresses (the lookup is pinned, so a
 * DNS answer that changes between check and connect cannot reach a private one). Redirects are
 * followed by hand, each one checked again; size, time and redirects are capped.
 */

export type FetchRefusal =
  | 'invalidUrl'
  | 'scheme'
  | 'credentials'
  | 'privateAddress'
  | 'dns'
  | 'tooManyRedirects'
  | 'tooLarge'
  | 'timeout'
  | 'network';

export class FetchRefused extends Error {
  constructor(
    readonly reason: FetchRefusal,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export interface FetchedPage {
  /** The address the answer came from, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export interface SafeFetchRequest {
  maxBytes: number;
  accept?: string;
  signal?: AbortSignal;
}

/** GET one URL from the public internet; throws FetchRefused, never fetches a private address. */
export type SafeFetch = (url: string, request: SafeFetchRequest) => Promise<FetchedPage>;

export interface SafeFetchOptions {
  userAgent: string;
  maxRedirects: number;
  timeoutMs: number;
  /** Resolves a name to its addresses (tests give names that resolve to private addresses). */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
  /**
   * TEST ONLY: addresses (as `address` or `address:port`) fetched although private, for a site a test
   * serves on loopback. Production code never passes it; nothing reads it from the environment.
   */
  allowPrivateForTests?: readonly string[];
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback (::1), IPv4-compatible
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    if (parts.some((p) => p > 255)) return null;
    const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
    text = `${text.slice(0, dotted.index)}${hex(parts[0]!, parts[1]!)}:${hex(parts[2]!, parts[3]!)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * Whether an address is one we never fetch: private, loopback, link-local, metadata, CGNAT,
 * multicast, reserved, documentation; an IPv6 address carrying an IPv4 one (mapped ::ffff:0:0/96,
 * NAT64 64:ff9b::/96) is judged by the IPv4 address inside.
 */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const embeds4 =
    (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) ||
    (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0));
  if (embeds4) {
    const v4 = [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
    return blocked.check(v4, 'ipv4');
  }
  return blocked.check(groups.map((g) => g.toString(16)).join(':'), 'ipv6');
}

const systemResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

export function createSafeFetch(options: SafeFetchOptions): SafeFetch {
  const resolve = options.resolve ?? systemResolve;
  const allowed = new Set(options.allowPrivateForTests ?? []);
  const refused = (address: string, port: number) =>
    isForbiddenAddress(address) && !allowed.has(address) && !allowed.has(`${address}:${port}`);

  /** Resolves, checks every address, and hands the connection only the checked ones. */
  const pinnedLookup =
    (port: number): LookupFunction =>
    (hostname, lookupOptions, callback) => {
      const literal = isIP(hostname.replace(/^\[|\]$/g, ''));
      const answer = literal
        ? Promise.resolve([{ address: hostname.replace(/^\[|\]$/g, ''), family: literal }])
        : resolve(hostname);
      answer.then(
        (addresses) => {
          const wanted = addresses.filter((a) => !lookupOptions.family || lookupOptions.family === a.family);
          if (wanted.length === 0) {
            callback(new FetchRefused('dns', `${hostname} has no address`), '', 0);
            return;
          }
          const bad = wanted.find((a) => refused(a.address, port));
          if (bad) {
            callback(new FetchRefused('privateAddress', `${hostname} resolves to ${bad.address}`), '', 0);
            return;
          }
          if (lookupOptions.all) callback(null, wanted);
          else callback(null, wanted[0]!.address, wanted[0]!.family);
        },
        (error: Error) => callback(new FetchRefused('dns', `${hostname}: ${error.message}`), '', 0),
      );
    };

  function parse(url: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new FetchRefused('invalidUrl', url);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new FetchRefused('scheme', url);
    if (parsed.username || parsed.password) throw new FetchRefused('credentials', url);
    return parsed;
  }

  /** One request, no redirects followed; the socket's real peer is checked as well. */
  function once(url: URL, request: SafeFetchRequest, signal: AbortSignal): Promise<IncomingMessage> {
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    // A literal address is not looked up by Node: check it here.
    if (isIP(hostname) && refused(hostname, port)) {
      return Promise.reject(new FetchRefused('privateAddress', `${hostname} is not a public address`));
    }
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolvePromise, reject) => {
      const req = client.request(
        url,
        {
          method: 'GET',
          lookup: pinnedLookup(port),
          signal,
          agent: false,
          headers: {
            'user-agent': options.userAgent,
            accept: request.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
            'accept-encoding': 'gzip, deflate, br',
          },
        },
        resolvePromise,
      );
      req.on('socket', (socket) => {
        socket.once('connect', () => {
          const peer = socket.remoteAddress;
          if (!peer || refused(peer, port)) {
            req.destroy(new FetchRefused('privateAddress', `connected to ${peer ?? 'nothing'}`));
          }
        });
      });
      req.on('error', (error) => reject(error));
      req.end();
    });
  }

  async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
    const declared = Number(response.headers['content-length']);
    const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding === 'identity' && Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      throw new FetchRefused('tooLarge', `${declared} bytes`);
    }
    const decoder =
      encoding === 'gzip' || encoding === 'x-gzip'
        ? createGunzip()
        : encoding === 'deflate'
          ? createInflate()
          : encoding === 'br'
            ? createBrotliDecompress()
            : null;
    const stream = decoder ? response.pipe(decoder) : response;
    const parts: Buffer[] = [];
    let size = 0;
    try {
      for await (const part of stream as AsyncIterable<Buffer>) {
        size += part.length;
        if (size > maxBytes) throw new FetchRefused('tooLarge', `more than ${maxBytes} bytes`);
        parts.push(part);
      }
    } finally {
      response.destroy();
      decoder?.destroy();
    }
    return Buffer.concat(parts);
  }

  return async function safeFetch(url, request) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    const onOuterAbort = () => controller.abort();
    request.signal?.addEventListener('abort', onOuterAbort, { once: true });
    try {
      let current = parse(url);
      for (let hop = 0; ; hop++) {
        const response = await once(current, request, controller.signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.destroy();
          if (hop >= options.maxRedirects) throw new FetchRefused('tooManyRedirects', url);
          current = parse(new URL(location, current).href);
          continue;
        }
        const body = await readBody(response, request.maxBytes);
        return {
          url: current.href,
          status,
          contentType: String(response.headers['content-type'] ?? ''),
          body,
        };
      }
    } catch (error) {
      if (error instanceof FetchRefused) throw error;
      // The pinned lookup's refusal reaches us wrapped by the request, or as itself.
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof FetchRefused) throw cause;
      if (controller.signal.aborted) throw new FetchRefused('timeout', url);
      if ((error as NodeJS.ErrnoException).code === 'ENOTFOUND') throw new FetchRefused('dns', url);
      throw new FetchRefused('network', `${url}: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onOuterAbort);
    }
  };
}

/** The product token robots.txt rules name us by. */
export const ROBOTS_TOKEN = 'BalasBot';

/** The fetcher of website imports: identified as BalasBot, with the limits of contracts. */
export function createWebsiteFetch(config: { publicUrl: string; websitePrivateAllowForTests: string[] }) {
  return createSafeFetch({
    userAgent: `${ROBOTS_TOKEN}/1.0 (+${config.publicUrl}; knowledge import for a shop's own website)`,
    maxRedirects: websiteImportLimits.maxRedirects,
    timeoutMs: websiteImportLimits.fetchTimeoutMs,
    allowPrivateForTests: config.websitePrivateAllowForTests,
  });
}
