/**
 * The readable text of an HTML page, in one linear pass: scripts, styles, navigation, headers,
 * footers, forms and hidden elements are dropped; the page's <main> (or <article>) is taken when it
 * has one; headings, paragraphs, list items and table rows become lines of their own.
 */
export interface PageText {
  title: string;
  text: string;
}

const named: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
  times: '×',
  euro: '€',
  pound: '£',
  yen: '¥',
  deg: '°',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point =
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return point > 0 && point <= 0x10ffff && !(point >= 0xd800 && point <= 0xdfff)
        ? String.fromCodePoint(point)
        : '\ufffd';
    }
    return named[code.toLowerCase()] ?? whole;
  });
}

/** Elements whose content is never text. */
const raw = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'canvas']);
/** Elements whose content is page furniture, not the page's own words. */
const furniture = new Set(['nav', 'header', 'footer', 'aside', 'form', 'select', 'button', 'dialog']);
const block = new Set([
  'address',
  'article',
  'blockquote',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
  'br',
  'caption',
  'body',
  'html',
]);
const voids = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

const token =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;

function textOf(html: string): string {
  const lines: string[] = [];
  let line = '';
  let skipDepth = 0;
  const skipStack: string[] = [];
  const flush = () => {
    const cleaned = line.replace(/\s+/g, ' ').trim();
    if (cleaned) lines.push(cleaned);
    line = '';
  };
  token.lastIndex = 0;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    const [whole, closing, rawName, attrs] = m;
    if (rawName === undefined) {
      if (whole[0] !== '<' && skipDepth === 0) line += decodeEntities(whole);
      continue;
    }
    const name = rawName.toLowerCase();
    if (!closing && raw.has(name)) {
      // Skip to the element's end tag: its content is not markup.
      const end = html.toLowerCase().indexOf(`</${name}`, token.lastIndex);
      token.lastIndex = end < 0 ? html.length : end;
      continue;
    }
    const hidden = !closing && /\s(hidden|aria-hidden\s*=\s*["']?true)/i.test(attrs ?? '');
    if (
      !closing &&
      !voids.has(name) &&
      !(attrs ?? '').trimEnd().endsWith('/') &&
      (furniture.has(name) || hidden)
    ) {
      skipStack.push(name);
      skipDepth++;
      continue;
    }
    if (closing && skipDepth > 0 && skipStack[skipStack.length - 1] === name) {
      skipStack.pop();
      skipDepth--;
      continue;
    }
    if (skipDepth > 0) continue;
    if (block.has(name)) {
      flush();
      if (!closing && /^h[1-6]$/.test(name)) lines.push('');
    } else if (name === 'td' || name === 'th') {
      line += ' ';
    } else if (!closing && name === 'img') {
      const alt = /\salt\s*=\s*("([^"]*)"|'([^']*)')/i.exec(attrs ?? '');
      const words = alt ? decodeEntities(alt[2] ?? alt[3] ?? '') : '';
      if (words.trim()) line += ` ${words} `;
    }
  }
  flush();
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Inner HTML of the first `<tag ...>` to its last `</tag>`, or null. */
function section(html: string, lower: string, tag: string): string | null {
  const open = new RegExp(`<${tag}[\\s>]`).exec(lower);
  if (!open) return null;
  const end = lower.lastIndexOf(`</${tag}>`);
  return end > open.index ? html.slice(open.index, end) : null;
}

export function htmlToText(html: string, maxChars: number): PageText {
  const lower = html.toLowerCase();
  const titleMatch = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const title = titleMatch ? decodeEntities(titleMatch[1]!).replace(/\s+/g, ' ').trim().slice(0, 200) : '';
  const main = section(html, lower, 'main') ?? section(html, lower, 'article');
  let text = main ? textOf(main) : '';
  // A <main> holding almost nothing (a shell the page fills by script) is no better than the body.
  if (text.length < 40) text = textOf(section(html, lower, 'body') ?? html);
  return { title, text: text.slice(0, maxChars) };
}
