import type { FastifyInstance, FastifyReply } from 'fastify';
import { photoById, stickerById } from '../chat/media.ts';
import { platforms } from '../data/types.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { escapeHtml } from './html.ts';

/** Small generated SVG pictures, so the sandbox needs no image files and no outside hosts. */

const EMOJI_FONT = `font-family='"Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji",sans-serif'`;

const hueOf = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);

function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + word).length > width) {
      out.push(line.trim());
      line = '';
    }
    line += `${word} `;
  }
  if (line.trim()) out.push(line.trim());
  return out.length > lines ? [...out.slice(0, lines - 1), `${out[lines - 1]}…`] : out;
}

function productSvg(name: string, emoji: string, seed: string): string {
  const hue = hueOf(seed);
  const caption = wrap(name, 24, 2)
    .map(
      (l, i) =>
        `<text x="240" y="${400 + i * 30}" text-anchor="middle" font-size="24" font-weight="600" fill="hsl(${hue} 45% 22%)">${escapeHtml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480" font-family="system-ui,sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 80% 94%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 84%)"/></linearGradient></defs>
<rect width="480" height="480" fill="url(#g)"/><circle cx="240" cy="200" r="130" fill="#fff" opacity=".55"/>
<text x="240" y="250" text-anchor="middle" font-size="140" ${EMOJI_FONT}>${escapeHtml(emoji)}</text>${caption}</svg>`;
}

function badgeSvg(size: number, emoji: string, label: string, seed: string): string {
  const hue = hueOf(seed);
  const c = size / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" font-family="system-ui,sans-serif">
<circle cx="${c}" cy="${c}" r="${c - 2}" fill="hsl(${hue} 85% 92%)" stroke="hsl(${hue} 60% 60%)" stroke-width="3"/>
<text x="${c}" y="${c + size * 0.12}" text-anchor="middle" font-size="${size * 0.42}" ${EMOJI_FONT}>${escapeHtml(emoji)}</text>
${label ? `<text x="${c}" y="${size * 0.86}" text-anchor="middle" font-size="${size * 0.1}" font-weight="700" fill="hsl(${hue} 50% 30%)">${escapeHtml(label)}</text>` : ''}</svg>`;
}

function photoSvg(width: number, height: number, emoji: string, caption: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui,sans-serif">
<rect width="${width}" height="${height}" fill="#eef1f5"/><rect x="24" y="24" width="${width - 48}" height="${height - 48}" rx="18" fill="#fff" stroke="#d0d7de"/>
<text x="${width / 2}" y="${height / 2 + 40}" text-anchor="middle" font-size="${Math.min(width, height) / 3}" ${EMOJI_FONT}>${escapeHtml(emoji)}</text>
<text x="${width / 2}" y="${height - 60}" text-anchor="middle" font-size="26" fill="#57606a">${escapeHtml(caption)}</text></svg>`;
}

function avatarSvg(name: string, seed: string): string {
  const hue = hueOf(seed);
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" font-family="system-ui,sans-serif">
<circle cx="48" cy="48" r="48" fill="hsl(${hue} 55% 55%)"/><text x="48" y="60" text-anchor="middle" font-size="36" font-weight="600" fill="#fff">${escapeHtml(initials)}</text></svg>`;
}

const svg = (reply: FastifyReply, body: string) =>
  reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(body);

export async function assetRoutes(app: FastifyInstance, { state }: { state: SandboxState }) {
  const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain').send('Not found');

  app.get('/products/:file', async (request, reply) => {
    const match = /^(\d+)(?:-(\d+))?\.svg$/.exec((request.params as { file: string }).file);
    if (!match) return notFound(reply);
    const [, itemId, variant = '0'] = match;
    for (const platform of platforms) {
      for (const shop of state.data[platform].shops) {
        const product = shop.products.find((p) => p.id === itemId);
        if (product) return svg(reply, productSvg(product.name, product.emoji, `${itemId}-${variant}`));
      }
    }
    return notFound(reply);
  });

  app.get('/stickers/:file', async (request, reply) => {
    const sticker = stickerById((request.params as { file: string }).file.replace(/\.svg$/, ''));
    return sticker ? svg(reply, badgeSvg(160, sticker.emoji, sticker.label, sticker.id)) : notFound(reply);
  });

  app.get('/photos/:file', async (request, reply) => {
    const photo = photoById((request.params as { file: string }).file.replace(/\.svg$/, ''));
    return photo
      ? svg(reply, photoSvg(photo.width, photo.height, photo.emoji, photo.caption))
      : notFound(reply);
  });

  app.get('/avatars/:file', async (request, reply) => {
    const id = (request.params as { file: string }).file.replace(/\.svg$/, '');
    const buyer = platforms.flatMap((p) => state.data[p].buyers).find((b) => b.id === id);
    return buyer ? svg(reply, avatarSvg(buyer.name, id)) : notFound(reply);
  });

  // Pictures named by the first sandbox version, still referenced by catalogues imported back then.
  app.get('/product-:n', async (request, reply) =>
    svg(reply, productSvg('', '🛍️', String((request.params as { n: string }).n))),
  );
}
