// The installable dashboard (issue 26.4): at build time, the web app manifest, its icons (PNGs drawn
// here, no image library) and the service worker with the shell's files to keep offline.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { themePrimary } from '../../packages/contracts/src/limits.ts';
import { dashboardRoots } from '../../packages/contracts/src/pages.ts';
import { pushWords } from '../../packages/contracts/src/push.ts';

// ---- PNG ------------------------------------------------------------------------------------

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** An RGBA image as a PNG file. */
function encodePng(size: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // no filter
    rows.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- the mark: favicon.svg's chat bubble, on the theme's green --------------------------------

const hex = (colour: string) => [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
const inRoundRect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
/** The bubble's tail: the triangle (28,44) (18,52) (18,44) of the 64-unit favicon. */
const inTail = (x: number, y: number) => x >= 18 && y >= 44 && y <= 52 && (x - 18) * 8 + (y - 44) * 10 <= 80;

/**
 * What colour a point of the 64-unit drawing is: the green tile (rounded, or the whole square for a
 * maskable icon, whose content keeps inside the middle 80%), the white bubble, its three green dots.
 */
function paint(x: number, y: number, maskable: boolean): 'green' | 'white' | null {
  // A maskable icon's mark is drawn at 80% around the centre, inside the platform's safe zone.
  const [u, v] = maskable ? [32 + (x - 32) / 0.8, 32 + (y - 32) / 0.8] : [x, y];
  const tile = maskable || inRoundRect(x, y, 0, 0, 64, 64, 14);
  if (!tile) return null;
  const bubble = inRoundRect(u, v, 12, 18, 52, 44, 4) || inTail(u, v);
  const dot = [25, 32, 39].some((cx) => (u - cx) ** 2 + (v - 31) ** 2 <= 9);
  return bubble && !dot ? 'white' : 'green';
}

/** The icon at `size` pixels, 4x4 samples per pixel for smooth edges. */
export function drawIcon(size: number, maskable: boolean): Buffer {
  const green = hex(themePrimary);
  const rgba = new Uint8Array(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const colour = paint(
            ((px + (sx + 0.5) / n) * 64) / size,
            ((py + (sy + 0.5) / n) * 64) / size,
            maskable,
          );
          if (!colour) continue;
          const [cr, cg, cb] = colour === 'white' ? [255, 255, 255] : green;
          r += cr!;
          g += cg!;
          b += cb!;
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        rgba[i] = Math.round(r / a);
        rgba[i + 1] = Math.round(g / a);
        rgba[i + 2] = Math.round(b / a);
      }
      rgba[i + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return encodePng(size, rgba);
}

// ---- manifest and service worker ------------------------------------------------------------

export const pwaIcons = [
  { src: '/icons/balas-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/balas-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/balas-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export function webAppManifest() {
  return {
    id: '/inbox',
    name: 'Balas',
    short_name: 'Balas',
    description: 'Your shops’ chats, the chatbot’s answers, and the chats that need you.',
    start_url: '/inbox',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: themePrimary,
    background_color: '#ffffff',
    icons: pwaIcons,
  };
}

/**
 * Emits manifest.webmanifest, the icons and sw.js (apps/web/pwa/service-worker.js with the shell's
 * files, a version and the offline page's words written in). Client build only.
 */
export function installableDashboard(): Plugin {
  let ssr = false;
  return {
    name: 'balas-installable-dashboard',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      // The shell (index.html's entry and what it imports) and the Inbox, the installed app's start.
      const files = new Set<string>();
      const add = (fileName: string) => {
        const c = bundle[fileName];
        if (!c || files.has(fileName)) return;
        files.add(fileName);
        if (c.type !== 'chunk') return;
        for (const css of c.viteMetadata?.importedCss ?? []) files.add(css);
        for (const dep of c.imports) add(dep);
      };
      for (const c of chunks) {
        const id = c.facadeModuleId ?? '';
        if ((c.isEntry && id.endsWith('/index.html')) || id.endsWith('/inbox-page/inbox-page.tsx'))
          add(c.fileName);
      }
      if (files.size < 2)
        throw new Error('installable dashboard: the shell or the Inbox chunk was not found');
      const precache = [...files].sort().map((f) => `/${f}`);
      const icons = pwaIcons.map((i) => i.src);
      const worker = readFileSync(join(import.meta.dirname, 'pwa/service-worker.js'), 'utf8');
      const version = createHash('sha256').update(worker).update(precache.join()).digest('hex').slice(0, 12);
      const config = {
        version,
        precache,
        icons,
        startUrl: '/inbox',
        dashboardRoots,
        offline: {
          title: pushWords.offlineTitle,
          body: pushWords.offlineBody,
          retry: pushWords.offlineRetry,
        },
        themeColour: themePrimary,
      };
      if (!worker.includes('self.__BALAS_PWA__')) throw new Error('service-worker.js lost its config slot');
      const source = worker.replace('self.__BALAS_PWA__', JSON.stringify(config));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: `${JSON.stringify(webAppManifest(), null, 2)}\n`,
      });
      this.emitFile({ type: 'asset', fileName: 'icons/balas-192.png', source: drawIcon(192, false) });
      this.emitFile({ type: 'asset', fileName: 'icons/balas-512.png', source: drawIcon(512, false) });
      this.emitFile({ type: 'asset', fileName: 'icons/balas-maskable-512.png', source: drawIcon(512, true) });
    },
  };
}
