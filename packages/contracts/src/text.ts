/** Deeper JSON than this is refused at the edge: no form or push of ours nests near it. */
export const maxInputDepth = 64;

export class InputTooDeepError extends Error {
  constructor() {
    super(`The input is nested more than ${maxInputDepth} levels deep`);
  }
}

const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const suspicious = /[\0\ud800-\udfff]/;

/**
 * Text as a database, a JSON writer and every reader can hold it: NUL characters removed and
 * unpaired UTF-16 surrogates (half an emoji, a broken escape) replaced by U+FFFD.
 */
/** The first `max` UTF-16 units of a text, never ending in half a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

export function normalizeText(text: string): string {
  if (!suspicious.test(text)) return text;
  return text.replaceAll('\0', '').replace(unpairedSurrogate, '\uFFFD');
}

/**
 * A parsed JSON value, query or form with every string (keys too) normalized; other values as
 * they are. Throws InputTooDeepError past `maxInputDepth` levels.
 */
export function normalizeInput<T>(value: T): T {
  return walk(value, 0) as T;
}

function walk(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return normalizeText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxInputDepth) throw new InputTooDeepError();
  if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1));
  // Bytes and dates are not text (a parsed query may be a prototype-less object: it is walked).
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // defineProperty: a '__proto__' key stays a key instead of replacing the prototype.
    Object.defineProperty(out, normalizeText(key), {
      value: walk(item, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

// --- Markup to text ---------------------------------------------------------------------------------
// Catalogue descriptions arrive as the platform keeps them (Lazada's are HTML). What a shopper reads
// must hold no tags and no entities: `htmlToText` reads markup with a hand-written scanner, every
// character once (no backtracking pattern runs on the input), so hostile input costs linear time.

/** Elements whose content is never text. */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'iframe',
  'object',
  'svg',
  'math',
  'select',
  'textarea',
]);
/** Elements that start and end a line. */
const BLOCKS = new Set(
  (
    'address article aside blockquote body br caption center dd details dialog dir div dl dt fieldset ' +
    'figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html legend li main menu nav ol ' +
    'p pre section summary table tbody tfoot thead tr ul'
  ).split(' '),
);
const CELLS = new Set(['td', 'th']);
const LISTS = new Set(['li', 'ul', 'ol', 'dir', 'menu']);

/** HTML 4's named entities from U+00A0 to U+00FF, in code point order. */
const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 ' +
  'sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc ' +
  'Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve ' +
  'Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute ' +
  'acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ' +
  'ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';
const NAMED_OTHER: Record<string, number> = {
  quot: 34,
  amp: 38,
  apos: 39,
  lt: 60,
  gt: 62,
  OElig: 338,
  oelig: 339,
  Scaron: 352,
  scaron: 353,
  Yuml: 376,
  fnof: 402,
  circ: 710,
  tilde: 732,
  Alpha: 913,
  Omega: 937,
  alpha: 945,
  beta: 946,
  mu: 956,
  pi: 960,
  ensp: 8194,
  emsp: 8195,
  thinsp: 8201,
  zwnj: 8204,
  zwj: 8205,
  lrm: 8206,
  rlm: 8207,
  ndash: 8211,
  mdash: 8212,
  lsquo: 8216,
  rsquo: 8217,
  sbquo: 8218,
  ldquo: 8220,
  rdquo: 8221,
  bdquo: 8222,
  dagger: 8224,
  Dagger: 8225,
  bull: 8226,
  bullet: 8226,
  hellip: 8230,
  permil: 8240,
  prime: 8242,
  Prime: 8243,
  lsaquo: 8249,
  rsaquo: 8250,
  oline: 8254,
  frasl: 8260,
  euro: 8364,
  trade: 8482,
  larr: 8592,
  uarr: 8593,
  rarr: 8594,
  darr: 8595,
  harr: 8596,
  lArr: 8656,
  rArr: 8658,
  hArr: 8660,
  minus: 8722,
  radic: 8730,
  infin: 8734,
  asymp: 8776,
  ne: 8800,
  le: 8804,
  ge: 8805,
  starf: 9733,
  star: 9734,
  spades: 9824,
  clubs: 9827,
  hearts: 9829,
  diams: 9830,
  check: 10003,
};
let named: Map<string, number> | undefined;
/** Every name above with its code point, built on first use. */
function namedEntities(): Map<string, number> {
  named ??= new Map([
    ...LATIN1.split(' ').map((name, i): [string, number] => [name, 0xa0 + i]),
    ...Object.entries(NAMED_OTHER),
  ]);
  return named;
}
/** Entities that stand for nothing a chat line needs: a plain space, or nothing at all. */
const NAMED_TEXT: Record<string, string> = { nbsp: ' ', shy: '', lrm: '', rlm: '' };
/** What browsers read &#128; to &#159; as (windows-1252). */
const WINDOWS_1252 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isNameChar = (c: number) => isAsciiLetter(c) || isDigit(c) || c === 45 /* - */ || c === 58; /* : */
const lowerAscii = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);
const isHexDigit = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isSpace = (ch: string) =>
  ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\u00a0';

function codePointText(code: number): string {
  if (code >= 0x80 && code <= 0x9f) return String.fromCodePoint(WINDOWS_1252[code - 0x80]!);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(code);
}

/** Character references decoded once (`&amp;` `&#233;` `&#xE9;`); an unknown name stays as written. */
export function decodeEntities(text: string): string {
  let at = text.indexOf('&');
  if (at < 0) return text;
  let out = '';
  let from = 0;
  while (at >= 0) {
    let end = at + 1;
    let decoded: string | undefined;
    if (text.charCodeAt(end) === 35 /* # */) {
      const hex = text.charCodeAt(end + 1) === 120 || text.charCodeAt(end + 1) === 88; // x X
      let digits = hex ? end + 2 : end + 1;
      const first = digits;
      while (digits - first < 8 && (hex ? isHexDigit : isDigit)(text.charCodeAt(digits))) digits++;
      if (digits > first) {
        decoded = codePointText(Number.parseInt(text.slice(first, digits), hex ? 16 : 10));
        end = text.charCodeAt(digits) === 59 /* ; */ ? digits + 1 : digits;
      }
    } else {
      let name = end;
      while (name - end < 32 && (isAsciiLetter(text.charCodeAt(name)) || isDigit(text.charCodeAt(name))))
        name++;
      const word = text.slice(end, name);
      const code = name > end && text.charCodeAt(name) === 59 ? namedEntities().get(word) : undefined;
      if (code !== undefined) {
        decoded = NAMED_TEXT[word] ?? String.fromCodePoint(code);
        end = name + 1;
      }
    }
    if (decoded !== undefined) {
      out += text.slice(from, at) + decoded;
      from = end;
    }
    at = text.indexOf('&', decoded !== undefined ? end : at + 1);
  }
  return out + text.slice(from);
}

/** Where markup starts at `i`: a tag, an end tag, a comment or declaration, a processing instruction. */
function startsMarkup(s: string, i: number): boolean {
  const next = s.charCodeAt(i + 1);
  if (isAsciiLetter(next) || next === 33 /* ! */ || next === 63 /* ? */) return true;
  return next === 47 /* / */ && isAsciiLetter(s.charCodeAt(i + 2));
}

function hasMarkup(s: string): boolean {
  for (let i = s.indexOf('<'); i >= 0; i = s.indexOf('<', i + 1)) if (startsMarkup(s, i)) return true;
  return false;
}

/** `needle` (lower-case ASCII) in `s` from `from`, ignoring ASCII case; -1 when absent. */
function indexOfIgnoringCase(s: string, needle: string, from: number): number {
  const first = needle.charCodeAt(0);
  for (let i = from; i <= s.length - needle.length; i++) {
    if (lowerAscii(s.charCodeAt(i)) !== first) continue;
    let k = 1;
    while (k < needle.length && lowerAscii(s.charCodeAt(i + k)) === needle.charCodeAt(k)) k++;
    if (k === needle.length) return i;
  }
  return -1;
}

/** Lines of text as a browser would lay them out, joined with '\n'. */
class Lines {
  private readonly lines: string[] = [];
  private line = '';
  private space = false;
  /** Inside a list item: its lines end as sentences. */
  private item = false;
  pre = 0;

  /** keepLines: the source's line breaks are the text's (markup read out of text already laid out). */
  constructor(private readonly keepLines: boolean) {}

  text(t: string) {
    for (let i = 0; i < t.length; ) {
      const ch = t[i]!;
      if ((this.pre > 0 || this.keepLines) && (ch === '\n' || ch === '\r')) {
        this.end();
        i += ch === '\r' && t[i + 1] === '\n' ? 2 : 1;
      } else if (this.pre === 0 && isSpace(ch)) {
        this.space = true;
        i++;
      } else {
        let j = i + 1;
        while (j < t.length && !isSpace(t[j]!)) j++;
        if (this.space && this.line) this.line += ' ';
        this.space = false;
        this.line += t.slice(i, j);
        i = j;
      }
    }
  }

  /** A space between table cells. */
  gap() {
    this.space = true;
  }

  /** Ends the line; inside a list item, as a sentence ("BPA free" -> "BPA free."). */
  end() {
    const line = this.line.trim();
    if (line) this.lines.push(this.item ? sentence(line) : line);
    this.line = '';
    this.space = false;
  }

  /** A list item starts (true) or a list or item ends (false). */
  list(inItem: boolean) {
    this.end();
    this.item = inItem;
  }

  done(): string {
    this.end();
    return this.lines.join('\n');
  }
}

const CLOSERS = new Set([')', ']', '}', '"', "'", '”', '’', '»']);
const ENDS = new Set(['.', '!', '?', ':', ';', '…', '。', '！', '？', '：', '；']);
const isCjk = (c: number) =>
  (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff);

function sentence(line: string): string {
  let k = line.length - 1;
  while (k > 0 && CLOSERS.has(line[k]!)) k--;
  if (ENDS.has(line[k]!)) return line;
  return line + (isCjk(line.charCodeAt(k)) ? '。' : '.');
}

/** One reading of markup: tags out, blocks as lines, scripts and styles dropped, entities decoded. */
function readMarkup(s: string, keepLines: boolean): string {
  const out = new Lines(keepLines);
  const lastGt = s.lastIndexOf('>');
  const lastQuote = { '"': s.lastIndexOf('"'), "'": s.lastIndexOf("'") };
  /** Where the tag that opened before `i` ends (after its '>'), quoted attribute values skipped. */
  const tagEnd = (i: number): number => {
    let k = i;
    let afterEquals = false;
    while (k < s.length) {
      const ch = s[k]!;
      if (ch === '>') return k + 1;
      if (ch === '=') afterEquals = true;
      else if (afterEquals && (ch === '"' || ch === "'")) {
        const close = k < lastQuote[ch] ? s.indexOf(ch, k + 1) : -1;
        if (close >= 0) k = close;
        afterEquals = false;
      } else if (!isSpace(ch)) afterEquals = false;
      k++;
    }
    return s.length;
  };
  let i = 0;
  while (i < s.length) {
    const lt = s.indexOf('<', i);
    if (lt < 0) {
      out.text(decodeEntities(s.slice(i)));
      break;
    }
    // Comments and CDATA sections run to their own ends (or the end of the input).
    const comment = s.startsWith('<!--', lt);
    if (comment || s.startsWith('<![CDATA[', lt)) {
      if (lt > i) out.text(decodeEntities(s.slice(i, lt)));
      const close = s.indexOf(comment ? '-->' : ']]>', lt + (comment ? 4 : 9));
      if (!comment) out.text(s.slice(lt + 9, close < 0 ? s.length : close));
      i = close < 0 ? s.length : close + 3;
      continue;
    }
    // A '<' that opens nothing (or nothing that ever closes) is text.
    if (!startsMarkup(s, lt) || lt > lastGt) {
      out.text(decodeEntities(s.slice(i, lt + 1)));
      i = lt + 1;
      continue;
    }
    if (lt > i) out.text(decodeEntities(s.slice(i, lt)));
    const closing = s[lt + 1] === '/';
    let nameEnd = lt + (closing ? 2 : 1);
    while (nameEnd < s.length && isNameChar(s.charCodeAt(nameEnd))) nameEnd++;
    const name = s.slice(lt + (closing ? 2 : 1), nameEnd).toLowerCase();
    i = closing || s[lt + 1] === '!' || s[lt + 1] === '?' ? s.indexOf('>', nameEnd) + 1 : tagEnd(nameEnd);
    if (i === 0) i = s.length;
    if (!name) continue;
    if (!closing && DROPPED.has(name) && s[i - 2] !== '/') {
      const close = indexOfIgnoringCase(s, `</${name}`, i);
      i = close < 0 ? s.length : tagEnd(close + 2 + name.length);
      continue;
    }
    if (CELLS.has(name)) out.gap();
    else if (LISTS.has(name)) out.list(name === 'li' && !closing);
    else if (BLOCKS.has(name)) out.end();
    if (name === 'pre') out.pre = Math.max(0, out.pre + (closing ? -1 : 1));
  }
  return out.done();
}

/**
 * Text a shopper can read from a catalogue description that may be HTML: tags removed, block
 * elements and `<br>` / `<li>` as line breaks (a list item ends as a sentence), scripts and styles
 * dropped, entities decoded (twice-escaped markup too). Text without markup keeps its lines and
 * only has its entities decoded. Linear in the length of the input.
 */
export function htmlToText(input: string): string {
  let text = input;
  // Markup escaped once or twice more ("&lt;li&gt;", "&amp;lt;li&amp;gt;") is read again.
  for (let pass = 0; pass < 3; pass++) {
    const next = hasMarkup(text) ? readMarkup(text, pass > 0) : decodeEntities(text);
    if (next === text) break;
    text = next;
  }
  return text;
}
