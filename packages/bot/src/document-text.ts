// Knowledge files read as their authors wrote them, before chunking: a PDF's wrapped lines and
// hyphenated words rejoined into paragraphs, without its running headers, footers and page numbers; a
// Word file's headings and tables; a CSV's rows and a JSON file's entries as sentences (a FAQ's as
// question/answer pairs). Every rule reads layout, never the words of a particular shop.
//
// The text they return marks structure the way the chunker and `sentencesOf` read it: a heading is a
// line of its own starting with '#', a FAQ's question a line starting with 'Q: ' (never sent, the
// context of the lines after it), a table row one sentence ("Grooming, cat, long hair: RM90.").

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;
const CJK_CHARS = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/g;
const TERMINAL = /[.!?。！？]$/;
/** A line that closes a thought: a sentence, or one introducing what follows. */
const CLOSED = /[.!?。！？:：;；]$/;
const BULLET = /^[-*•·▪●◦‣–—]\s+/;
const NUMBERED = /^(?:\d{1,2}(?:\.\d{1,2})*[.)]|\(\d{1,2}\)|[a-z][.)]|\([a-z]\))\s+/i;
const MONEY = /(?:\b(?:RM|MYR|SGD|USD|IDR|Rp)|S\$|US\$|\$|¥|￥)\s?\d|\d\s?(?:元|令吉|ringgit\b)/i;

const widthOf = (line: string) => line.length + (line.match(CJK_CHARS)?.length ?? 0);

function lettersIn(text: string): number {
  let n = 0;
  for (const c of text) if (/\p{L}/u.test(c)) n++;
  return n;
}

/** A short line that stands alone as a title: no sentence end, no list bullet. */
function titleLike(line: string): boolean {
  return (
    widthOf(line) <= 80 &&
    !/[.!?。！？:：;；,，、]$/.test(line) &&
    !BULLET.test(line) &&
    /^[\p{Lu}\p{Lo}\d("“'‘[]/u.test(line)
  );
}

// ---------------------------------------------------------------------------------------------
// Paragraphs to text: titles become '#' lines, the paragraphs between two titles one block.

interface Paragraph {
  text: string;
  /** Could be a title by its shape (a short line standing alone). */
  titleLike: boolean;
  /** A title for certain (a Word heading). */
  heading?: boolean;
}

/**
 * Titles are short lines standing alone before a paragraph; a run of three or more short lines is a
 * list, an address or a table (only its last line may be the title of what follows).
 */
function layout(paragraphs: Paragraph[]): string {
  const kinds: ('title' | 'line')[] = paragraphs.map((p) => (p.heading ? 'title' : 'line'));
  let i = 0;
  while (i < paragraphs.length) {
    if (!paragraphs[i]!.titleLike || paragraphs[i]!.heading) {
      i++;
      continue;
    }
    let end = i;
    while (end < paragraphs.length && paragraphs[end]!.titleLike && !paragraphs[end]!.heading) end++;
    const next = paragraphs[end];
    const beforeText = next !== undefined && (!next.titleLike || next.heading === true);
    const run = end - i;
    if (i === 0 && run <= 2) for (let j = i; j < end; j++) kinds[j] = 'title';
    else if (beforeText && run <= 2) {
      const list = run === 2 && paragraphs.slice(i, end).every((p) => NUMBERED.test(p.text));
      for (let j = list ? end - 1 : i; j < end; j++) kinds[j] = 'title';
    } else if (beforeText && markOf(paragraphs[end - 1]!.text) !== markOf(paragraphs[end - 2]!.text)) {
      kinds[end - 1] = 'title';
    }
    i = end;
  }
  const blocks: string[] = [];
  let body: string[] = [];
  const flush = () => {
    if (body.length) blocks.push(body.join('\n'));
    body = [];
  };
  paragraphs.forEach((p, j) => {
    if (kinds[j] === 'title') {
      flush();
      blocks.push(`# ${p.text.replace(/^#+\s*/, '')}`);
    } else body.push(p.text);
  });
  flush();
  return blocks.join('\n\n');
}

const markOf = (line: string) => (NUMBERED.test(line) ? 'numbered' : BULLET.test(line) ? 'bullet' : 'plain');

// ---------------------------------------------------------------------------------------------
// PDF: text as unpdf gives it, a line per printed line and pages apart (a form feed or a blank line).

const PAGE_NUMBER =
  /^(?:[-–—]\s*)?(?:(?:page|halaman|hlm\.?|muka surat|ms\.|pg\.?|p\.)\s*)?\d{1,4}(?:\s*(?:\/|of|dari|daripada)\s*\d{1,4})?(?:\s*[-–—])?$|^第\s*\d{1,4}\s*页(?:\s*[,，/]?\s*共\s*\d{1,4}\s*页)?$/i;
const ENDS_WITH_PAGE_NUMBER =
  /(?:\b(?:page|halaman|hlm\.?|muka surat|pg\.?)\s*\d{1,4}(?:\s*(?:\/|of|dari|daripada)\s*\d{1,4})?|\b\d{1,4}\s*(?:\/|of|dari|daripada)\s*\d{1,4}|第\s*\d{1,4}\s*页(?:\s*[,，/]?\s*共\s*\d{1,4}\s*页)?)$/i;
const STARTS_WITH_PAGE_NUMBER =
  /^(?:(?:page|halaman|hlm\.?|pg\.?)\s*)?\d{1,4}(?:\s*(?:\/|of)\s*\d{1,4})?\s*[|·•–—-]\s/i;
/** Lines at each end of a page where running headers and footers are looked for. */
const RUNNING_ZONE = 2;

function pagesOf(text: string): string[][] {
  const normalized = text.replace(/\r\n?/g, '\n');
  const pages = normalized.includes('\f') ? normalized.split('\f') : normalized.split(/\n[ \t]*\n/);
  return pages
    .map((page) =>
      page
        .split('\n')
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);
}

/** Removes the lines printed at the top or bottom of many pages, and bare page numbers there. */
function withoutRunningLines(pages: string[][]): string[][] {
  const zone = (lines: string[]) =>
    lines.length <= RUNNING_ZONE * 2
      ? lines.map((_, i) => i)
      : [
          ...Array(RUNNING_ZONE).keys(),
          ...Array.from({ length: RUNNING_ZONE }, (_, i) => lines.length - 1 - i),
        ];
  const key = (line: string) => line.toLowerCase().replace(/\d+/g, '#');
  const exact = new Map<string, Set<number>>();
  const shape = new Map<string, Set<number>>();
  pages.forEach((lines, p) => {
    for (const i of zone(lines)) {
      const line = lines[i]!;
      if (!exact.has(line)) exact.set(line, new Set());
      exact.get(line)!.add(p);
      const k = key(line);
      if (!shape.has(k)) shape.set(k, new Set());
      shape.get(k)!.add(p);
    }
  });
  const often = Math.max(2, Math.ceil(pages.length * 0.3));
  const running = (line: string) =>
    PAGE_NUMBER.test(line) ||
    (exact.get(line)?.size ?? 0) >= often ||
    ((shape.get(key(line))?.size ?? 0) >= often &&
      (ENDS_WITH_PAGE_NUMBER.test(line) || STARTS_WITH_PAGE_NUMBER.test(line)));
  return pages.map((lines) => {
    const drop = new Set(zone(lines).filter((i) => running(lines[i]!)));
    return lines.filter((_, i) => !drop.has(i));
  });
}

const HYPHENATED = /\p{L}+(?:-\p{L}+)+/gu;

/** Whether a word broken at a line's end keeps its hyphen ("serta-merta", "kanak-kanak", "e-invoice"). */
function keepsHyphen(left: string, right: string, compounds: () => Set<string>): boolean {
  if (left.length <= 1 || /^\p{Lu}/u.test(right)) return true;
  // Malay reduplication: the second half repeats the end of the first ("sekurang-kurangnya").
  for (let n = 3; n <= Math.min(left.length, right.length, 20); n++) {
    if (left.slice(-n).toLowerCase() === right.slice(0, n).toLowerCase()) return true;
  }
  // Written with its hyphen elsewhere in the file; otherwise the hyphen only broke the word.
  return compounds().has(`${left}-${right}`.toLowerCase());
}

/** PDF text with its lines rejoined into paragraphs, titles marked and running lines removed. */
export function pdfText(text: string): string {
  const lines = withoutRunningLines(pagesOf(text)).flat();
  if (lines.length === 0) return '';
  const widths = lines.map(widthOf).sort((a, b) => a - b);
  const measure = widths[Math.min(widths.length - 1, Math.floor(widths.length * 0.9))]!;
  const full = (line: string) => measure >= 30 && widthOf(line) >= measure * 0.72;
  let vocabulary: Set<string> | undefined;
  const compounds = () => {
    vocabulary ??= new Set(lines.flatMap((l) => l.match(HYPHENATED) ?? []).map((w) => w.toLowerCase()));
    return vocabulary;
  };

  const paragraphs: Paragraph[] = [];
  // The paragraph being built, as pieces (joined once: linear however many lines it has).
  let parts = [lines[0]!];
  let previous = lines[0]!;
  const close = () => {
    const text = parts.join('');
    paragraphs.push({ text, titleLike: parts.length === 1 && !full(text) && titleLike(text) });
  };
  for (const next of lines.slice(1)) {
    const glue = joinOf(previous, next, full, compounds);
    if (glue === undefined) {
      close();
      parts = [next];
    } else {
      if (glue.drop) parts[parts.length - 1] = parts.at(-1)!.slice(0, -1);
      parts.push(glue.text, next);
    }
    previous = next;
  }
  close();
  return layout(paragraphs);
}

/** How line `b` continues the paragraph that line `a` ends (undefined: `b` starts a new one). */
function joinOf(
  a: string,
  b: string,
  full: (line: string) => boolean,
  compounds: () => Set<string>,
): { drop: boolean; text: string } | undefined {
  if (BULLET.test(b)) return undefined;
  // A numbered line starts an item or a section, unless the line before was cut mid-sentence.
  if (NUMBERED.test(b) && !(full(a) && !CLOSED.test(a))) return undefined;
  if (a.endsWith('\u00ad')) return { drop: true, text: '' };
  const broken = /(\p{L}{1,40})[-\u2010]$/u.exec(a.slice(-41));
  const right = /^\p{L}{1,40}/u.exec(b)?.[0];
  if (broken && right) return { drop: !keepsHyphen(broken[1]!, right, compounds), text: '' };
  const glue = CJK.test(a.at(-1) ?? '') && CJK.test(b[0] ?? '') ? '' : ' ';
  if (/^\p{Ll}/u.test(b)) return { drop: false, text: glue };
  if (/[,;、，(&/]$/.test(a)) return { drop: false, text: glue };
  if (!full(a)) return undefined;
  // A full line ending a sentence before a short title-like line: the paragraph ended there.
  if (TERMINAL.test(a) && !full(b) && titleLike(b)) return undefined;
  return { drop: false, text: glue };
}

// ---------------------------------------------------------------------------------------------
// Word files: mammoth's HTML (headings, lists and tables kept) or its raw text (a paragraph per
// block, a table's cells one after another).

/** A Word file's text: its HTML (as mammoth writes it) or raw text, with titles and table rows. */
export function docxText(text: string): string {
  if (/^\s*<(?:p|h[1-6]|table|ul|ol|a|img|strong|em)\b/i.test(text)) return htmlText(text);
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean);
  const out: Paragraph[] = [];
  let i = 0;
  while (i < paragraphs.length) {
    if (!cellLike(paragraphs[i]!)) {
      out.push({ text: paragraphs[i]!, titleLike: false });
      i++;
      continue;
    }
    let end = i;
    while (end < paragraphs.length && cellLike(paragraphs[end]!)) end++;
    out.push(...cellsOrTable(paragraphs.slice(i, end)));
    i = end;
  }
  return layout(out);
}

const cellLike = (p: string) => !p.includes('\n') && widthOf(p) <= 120 && !TERMINAL.test(p);

/** A run of short paragraphs: a table's cells when they line up in columns, else lines and titles. */
function cellsOrTable(cells: string[]): Paragraph[] {
  const table = findTable(cells);
  const plain = (list: string[]) => list.map((text) => ({ text, titleLike: titleLike(text) }));
  if (!table) return plain(cells);
  const { start, width, rows } = table;
  const grid = Array.from({ length: rows }, (_, r) =>
    cells.slice(start + r * width, start + (r + 1) * width),
  );
  const lines = tableLines(grid);
  return [
    ...plain(cells.slice(0, start)),
    { text: lines.join('\n'), titleLike: false },
    ...plain(cells.slice(start + rows * width)),
  ];
}

interface CellShape {
  digit: boolean;
  decimal: boolean;
  cjk: boolean;
  latin: boolean;
  money: boolean;
  short: boolean;
  long: boolean;
}
const FEATURES = ['digit', 'decimal', 'cjk', 'latin', 'money', 'short', 'long'] as const;
const shapeOf = (cell: string): CellShape => ({
  digit: /\d/.test(cell),
  decimal: /\d[.,]\d/.test(cell),
  cjk: CJK.test(cell),
  latin: /[A-Za-z]/.test(cell),
  money: MONEY.test(cell),
  short: widthOf(cell) <= 3,
  long: widthOf(cell) > 14,
});

/**
 * Where a table's cells lie in a run (a title or two may come before it, a title or two after): the
 * column count whose columns are most alike from row to row, with a header row of labels and at
 * least two rows of data, one column holding figures.
 */
function findTable(cells: string[]): { start: number; width: number; rows: number } | undefined {
  if (cells.length < 6) return undefined;
  const shapes = cells.map(shapeOf);
  /** How alike each column's cells are, 0 to 1; undefined when this cannot be a table. */
  const alike = (start: number, width: number, rows: number): number | undefined => {
    if (rows < 3) return undefined;
    if (shapes.slice(start, start + width).some((s) => s.digit || s.money)) return undefined;
    let score = 0;
    let figures = false;
    for (let c = 0; c < width; c++) {
      const column = Array.from({ length: rows - 1 }, (_, r) => shapes[start + (r + 1) * width + c]!);
      const share = (f: keyof CellShape) => column.filter((s) => s[f]).length / column.length;
      score += FEATURES.reduce((sum, f) => sum + Math.max(share(f), 1 - share(f)), 0) / FEATURES.length;
      if (share('digit') >= 0.5) figures = true;
    }
    return figures ? score / width : undefined;
  };
  let best: { start: number; width: number; rows: number; score: number; after: number } | undefined;
  for (let start = 0; start <= Math.min(3, cells.length - 6); start++) {
    for (let width = 2; width <= 8; width++) {
      const rows = Math.floor((cells.length - start) / width);
      const score = alike(start, width, rows);
      if (score === undefined || score < 0.85) continue;
      const after = cells.length - start - rows * width;
      // As alike: the reading that leaves fewer cells after it (titles before a table are rarer).
      if (!best || score > best.score + 0.005 || (score > best.score - 0.005 && after < best.after))
        best = { start, width, rows, score, after };
    }
  }
  if (!best) return undefined;
  // The last row may be the titles after the table.
  const shorter = alike(best.start, best.width, best.rows - 1);
  const rows = shorter !== undefined && shorter > best.score + 0.05 ? best.rows - 1 : best.rows;
  return { start: best.start, width: best.width, rows };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** HTML as mammoth writes a Word file (h1-h6, p, ul/ol/li, table/tr/td, inline tags) as marked text. */
export function htmlText(html: string): string {
  const paragraphs: Paragraph[] = [];
  let text = '';
  let tableDepth = 0;
  let rows: string[][] = [];
  let row: string[] | undefined;
  let cell: string[] | undefined;
  const lists: { ordered: boolean; count: number }[] = [];
  let prefix = '';
  let heading = false;
  const clean = (t: string) =>
    t
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .trim();
  const endBlock = () => {
    const t = clean(text);
    text = '';
    if (!t) return;
    if (cell) cell.push(t.replace(/\n/g, ' '));
    else
      paragraphs.push({
        text: `${heading ? '' : prefix}${t}`,
        titleLike: false,
        ...(heading ? { heading: true } : {}),
      });
    prefix = '';
    heading = false;
  };
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|([^<]+)|</g)) {
    if (m[3] !== undefined || m[0] === '<') {
      text += decodeEntities(m[3] ?? '<');
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    if (tag === 'br') text += '\n';
    else if (tag === 'table') {
      endBlock();
      if (closing) {
        tableDepth = Math.max(0, tableDepth - 1);
        if (tableDepth === 0) {
          const lines = tableLines(rows);
          if (lines.length) paragraphs.push({ text: lines.join('\n'), titleLike: false });
          rows = [];
        }
      } else tableDepth++;
    } else if (tableDepth > 1) {
      // A table inside a cell: its text stays in the cell.
      if (tag === 'td' || tag === 'th' || tag === 'p') text += ' ';
    } else if (tag === 'tr' && tableDepth === 1) {
      endBlock();
      if (closing) {
        if (row?.some(Boolean)) rows.push(row);
        row = undefined;
      } else row = [];
    } else if ((tag === 'td' || tag === 'th') && tableDepth === 1) {
      if (closing) {
        endBlock();
        row?.push((cell ?? []).join(' '));
        cell = undefined;
      } else {
        text = '';
        cell = [];
      }
    } else if (/^h[1-6]$/.test(tag)) {
      endBlock();
      heading = !closing && !cell;
    } else if (tag === 'ul' || tag === 'ol') {
      endBlock();
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', count: 0 });
    } else if (tag === 'li') {
      endBlock();
      const list = lists.at(-1);
      if (!closing && list) prefix = list.ordered ? `${++list.count}. ` : '- ';
      else if (!closing) prefix = '- ';
    } else if (tag === 'p' || tag === 'div' || tag === 'blockquote' || tag === 'pre') endBlock();
  }
  endBlock();
  if (rows.length) {
    const lines = tableLines(rows);
    if (lines.length) paragraphs.push({ text: lines.join('\n'), titleLike: false });
  }
  return layout(paragraphs);
}

// ---------------------------------------------------------------------------------------------
// Tables (Word, CSV, JSON arrays, Markdown '|' rows): each row one sentence built from its header.

const CURRENCIES: Record<string, string> = {
  rm: 'RM',
  myr: 'RM',
  ringgit: 'RM',
  sgd: 'S$',
  usd: 'US$',
  idr: 'Rp',
  rp: 'Rp',
  $: '$',
};
const UNITS = new Set([
  'mm',
  'cm',
  'm',
  'km',
  'kg',
  'g',
  'mg',
  'ml',
  'l',
  'inch',
  'in',
  'lbs',
  'lb',
  '%',
  'w',
  'v',
]);
const TIME_UNIT =
  /\s((?:working |business |calendar )?(?:days?|hours?|hrs|minutes?|mins|weeks?|months?|years?)|hari(?: bekerja)?|jam|minit|minggu|bulan|tahun)$/i;
const BOOLEAN = /^(?:yes|no|y|n|true|false|ya|tidak|ada|tiada|有|无|没有|是|否|✓|✔|✗|✘|x)$/i;
const NOTHING = /^(?:-|–|—|n\/?a|none|nil|null)$/i;
const BARE_NUMBER = /^\d[\d,]*(?:\.\d+)?$/;
const NUMBER_OR_RANGE = /^\d[\d,.]*(?:\s?[-–~]\s?\d[\d,.]*)?$/;

interface Column {
  /** The header's words without its currency or unit ("harga_rm" -> "harga"). */
  name: string;
  currency?: string;
  unit?: string;
}

/** Header words as written: "harga_500_ke_atas_rm" -> "harga 500 ke atas rm", "shippingFee" -> "shipping Fee". */
export function headerWords(header: string): string {
  let h = header.trim();
  if (!/[\s_-]/.test(h)) h = h.replace(/(?<=\p{Ll})(?=\p{Lu})/gu, ' ');
  return h.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
}

function columnOf(header: string): Column {
  let name = headerWords(header);
  let currency: string | undefined;
  let unit: string | undefined;
  const bracket = /\s*[(（[]\s*([^()（）[\]]{1,8})\s*[)）\]]$/.exec(name);
  const last = bracket ? bracket[1]!.trim() : /(?:^|\s)(\S+)$/.exec(name)?.[1];
  if (last !== undefined) {
    const lower = last.toLowerCase();
    const strip = () => name.slice(0, name.length - (bracket ? bracket[0].length : last.length)).trim();
    if (CURRENCIES[lower]) {
      currency = CURRENCIES[lower];
      name = strip();
    } else if (UNITS.has(lower) && (bracket || name.length > last.length)) {
      unit = last;
      name = strip();
    }
  }
  if (!currency && !unit) {
    // A duration says its unit after the figure: "earliest_appointment_working_days" -> "3 working days".
    const span = TIME_UNIT.exec(name);
    if (span && span.index > 0) {
      unit = span[1]!;
      name = name.slice(0, span.index).trim();
    }
  }
  if (!currency) {
    const lead = /^(rm|myr|sgd|usd)\s+/i.exec(name);
    if (lead) {
      currency = CURRENCIES[lead[1]!.toLowerCase()];
      name = name.slice(lead[0].length);
    }
  }
  return { name, ...(currency ? { currency } : {}), ...(unit ? { unit } : {}) };
}

/** A cell that says nothing without its header: a figure, a size, a code, a yes or no. */
function needsHeader(value: string): boolean {
  if (BOOLEAN.test(value)) return true;
  // A size or a code ("XS", "A4", "2XL"), not a short word ("cat").
  if (
    !/\s/.test(value) &&
    value.length <= 4 &&
    (/\d/.test(value) || !/\p{Ll}/u.test(value)) &&
    !CJK.test(value)
  )
    return true;
  return /\d/.test(value) && lettersIn(value) <= 4 && !MONEY.test(value);
}

/** A header row rather than a row of data: short labels, none a figure or a sentence. */
function headerRow(cells: readonly string[]): boolean {
  const filled = cells.filter((c) => c.trim());
  return (
    filled.length >= Math.max(1, cells.length - 1) &&
    filled.every(
      (c) => c.length <= 60 && !TERMINAL.test(c.trim()) && !MONEY.test(c) && !BARE_NUMBER.test(c.trim()),
    )
  );
}

/**
 * One row as a sentence: its leading label cells, a colon, then each value, by its header when the
 * value says nothing alone ("Saiz UK 6: Saiz EU 39, Panjang kaki 24.5 cm."), a price by its
 * currency ("restring price RM38"), a value that speaks for itself as it is ("Grooming, cat, long
 * hair: RM90.").
 */
export function rowSentence(headers: readonly string[], cells: readonly string[], labels?: number): string {
  const columns = headers.map(columnOf);
  const filled = cells
    .map((raw, i) => ({
      value: raw.replace(/\s+/g, ' ').trim(),
      column: columns[i],
      label: i < (labels ?? 1),
    }))
    .filter((c) => c.value && !NOTHING.test(c.value));
  if (filled.length === 0) return '';
  const prices = filled.filter(
    (c) => MONEY.test(c.value) || (c.column?.currency && BARE_NUMBER.test(c.value)),
  ).length;
  const say = ({ value, column }: (typeof filled)[number]): string => {
    if (!column) return value;
    const named = (v: string) => (column.name ? `${column.name} ${v}` : v);
    if (column.currency && BARE_NUMBER.test(value)) return named(`${column.currency}${value}`);
    if (MONEY.test(value)) return prices > 1 ? named(value) : value;
    if (needsHeader(value))
      return named(column.unit && NUMBER_OR_RANGE.test(value) ? `${value} ${column.unit}` : value);
    return value;
  };
  // A row of its own says which cells are its label: the first, and the plain words after it.
  const own = labels === undefined;
  let cut = 1;
  while (
    cut < filled.length - 1 &&
    (own ? labelCell(filled[cut]!.value, filled[cut]!.column) : filled[cut]!.label)
  )
    cut++;
  const label: string[] = [];
  for (const c of filled.slice(0, Math.max(1, cut))) {
    const said = say(c);
    if (!label.includes(said)) label.push(said);
  }
  const values = filled.slice(Math.max(1, cut)).map(say);
  const cjk = filled.some((c) => CJK.test(c.value));
  const [comma, colon, stop] = cjk ? ['，', '：', '。'] : [', ', ': ', '.'];
  const sentence = values.length ? `${label.join(comma)}${colon}${values.join(comma)}` : label.join(comma);
  return TERMINAL.test(sentence) ? sentence : sentence + stop;
}

/** A cell that names what its row is about ("cat", "long hair"), not a figure or a description. */
function labelCell(value: string, column: Column | undefined): boolean {
  return (
    !/\d/.test(value) &&
    !needsHeader(value) &&
    !MONEY.test(value) &&
    !column?.currency &&
    !column?.unit &&
    widthOf(value) <= 40 &&
    !/[,，;；、。.!?]/.test(value)
  );
}

/** How many leading columns name what each row is about: the first, and those holding label words only. */
function labelColumns(header: readonly string[], rows: readonly (readonly string[])[]): number {
  const columns = header.map(columnOf);
  let n = 1;
  while (
    n < header.length - 1 &&
    rows.every((r) => {
      const v = (r[n] ?? '').trim();
      return !v || NOTHING.test(v) || labelCell(v, columns[n]);
    })
  )
    n++;
  return n;
}

/** A table's rows as sentences: the first row is the header when it reads like one. */
export function tableLines(grid: readonly (readonly string[])[]): string[] {
  const rows = grid.map((r) => r.map((c) => c.trim())).filter((r) => r.some(Boolean));
  if (rows.length === 0) return [];
  const [first, ...rest] = rows;
  if (rows.length > 1 && headerRow(first!)) {
    const labels = labelColumns(first!, rest);
    return rest.map((r) => rowSentence(first!, r, labels)).filter(Boolean);
  }
  // No header: each row's first cell says what the rest is about ("Alamat: No. 12, Jalan ...").
  return rows.map((r) => rowSentence([], r)).filter(Boolean);
}

/** Runs of Markdown table rows ("| a | b |") in a text turned into row sentences. */
export function pipeTablesText(text: string): string {
  if (!text.includes('|')) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let i = 0;
  const isRow = (l: string | undefined) => l !== undefined && /^\s*\|.*\|\s*$/.test(l);
  const cellsOf = (l: string) =>
    l
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  while (i < lines.length) {
    if (!isRow(lines[i]) || !isRow(lines[i + 1])) {
      out.push(lines[i]!);
      i++;
      continue;
    }
    const grid: string[][] = [];
    while (isRow(lines[i])) {
      const cells = cellsOf(lines[i]!);
      if (!cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '')) grid.push(cells);
      i++;
    }
    out.push(...tableLines(grid));
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// CSV

export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim()));
}

const QUESTION_KEY =
  /^(?:q|ques|question|questions|soalan|pertanyaan|问|问题|提问|faq ?question|question ?text)$/i;
const ANSWER_KEY =
  /^(?:a|ans|answer|answers|jawapan|reply|response|答|答案|回答|回复|faq ?answer|answer ?text)$/i;

/** The text a question line carries in the chunk: 'Q: ' marks it as the question of what follows. */
const questionLine = (q: string) => `Q: ${q.replace(/\s+/g, ' ').trim()}`;

/** A CSV file's rows as sentences built from its header; a question/answer sheet as FAQ pairs. */
export function csvText(text: string, separator = ','): string {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''), separator);
  const [header] = rows;
  if (!header) return '';
  const keys = header.map((h) => headerWords(h).toLowerCase());
  const q = keys.findIndex((k) => QUESTION_KEY.test(k));
  const a = keys.findIndex((k) => ANSWER_KEY.test(k));
  if (q >= 0 && a >= 0) {
    return rows
      .slice(1)
      .filter((r) => r[q]?.trim() && r[a]?.trim())
      .map((r) => `${questionLine(r[q]!)}\n${r[a]!.trim()}`)
      .join('\n\n');
  }
  return tableLines(rows).join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// JSON

/** Keys that describe the export, never the shop (ids, dates, locales, versions, ordering). */
const METADATA_KEY =
  /^(?:_?id|uuid|guid|slug|key|locale|lang|language|version|v|export|exported|schema|type|kind|status|format|order|position|sort|index|rank|weight|created|updated|modified|published|created ?at|updated ?at|modified ?at|published ?at|date|timestamp|author|url|link|href|icon|image|img)$/i;
/** Keys naming the group the entries below belong to. */
const TITLE_KEY = /^(?:name|title|category|section|topic|group|collection|heading|label)$/i;
const LANGUAGE_KEY = /^(?:en|ms|my|bm|zh|cn|id|en[-_][a-z]{2}|ms[-_][a-z]{2}|zh[-_][a-z]{2,4})$/i;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const isObject = (v: unknown): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const scalar = (v: unknown): v is string | number | boolean =>
  ['string', 'number', 'boolean'].includes(typeof v);

/** Levels of nesting read; anything deeper is left out (a request's JSON is refused past 64). */
const MAX_DEPTH = 64;

/** All the text of a value (rich text, an array of paragraphs), HTML tags removed. */
function textOf(value: Json | undefined, depth = 0): string {
  if (value === undefined || value === null || depth > MAX_DEPTH) return '';
  if (scalar(value)) {
    const s = String(value);
    return /<\/?[a-z][^>]*>/i.test(s) ? htmlText(s).replace(/^# /gm, '') : s.trim();
  }
  if (Array.isArray(value))
    return value
      .map((v) => textOf(v, depth + 1))
      .filter(Boolean)
      .join('\n');
  return Object.entries(value)
    .filter(([k]) => !METADATA_KEY.test(headerWords(k)))
    .map(([, v]) => textOf(v, depth + 1))
    .filter(Boolean)
    .join('\n');
}

/** A value per language when it is written per language ({ en: ..., ms: ... }). */
function byLanguage(value: Json | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (
    isObject(value) &&
    Object.keys(value).length > 0 &&
    Object.keys(value).every((k) => LANGUAGE_KEY.test(k))
  ) {
    for (const [k, v] of Object.entries(value)) {
      const t = textOf(v);
      if (t) out.set(k.slice(0, 2).toLowerCase(), t);
    }
  } else {
    const t = textOf(value);
    if (t) out.set('', t);
  }
  return out;
}

/** The question/answer pairs an object holds ("question"/"answer", "q"/"a", "question_en"/"answer_en"). */
function pairsOf(entry: { [key: string]: Json }): [string, string][] | undefined {
  const questions = new Map<string, string>();
  const answers = new Map<string, string>();
  for (const [key, value] of Object.entries(entry)) {
    const words = headerWords(key).toLowerCase();
    const variant = /^(.+?)[ _-]([a-z]{2}(?:[-_][a-z]{2,4})?)$/i.exec(words);
    const [base, lang] =
      variant && LANGUAGE_KEY.test(variant[2]!) ? [variant[1]!, variant[2]!.slice(0, 2)] : [words, ''];
    const target = QUESTION_KEY.test(base) ? questions : ANSWER_KEY.test(base) ? answers : undefined;
    if (!target) continue;
    for (const [l, t] of byLanguage(value)) target.set(lang || l, t);
  }
  if (questions.size === 0 || answers.size === 0) {
    // Two texts, one of them asking: a question and its answer whatever their keys.
    const texts = Object.values(entry).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (Object.keys(entry).length === 2 && texts.length === 2) {
      const asked = texts.findIndex((t) => /[?？]\s*$/.test(t));
      if (asked >= 0 && !/[?？]\s*$/.test(texts[1 - asked]!))
        return [[texts[asked]!.trim(), textOf(texts[1 - asked])]];
    }
    return undefined;
  }
  const pairs: [string, string][] = [];
  const onlyQuestion = questions.size === 1 ? [...questions.values()][0] : undefined;
  for (const [lang, answer] of answers) {
    const question = questions.get(lang) ?? onlyQuestion ?? questions.get('') ?? [...questions.values()][0]!;
    pairs.push([question, answer]);
  }
  return pairs;
}

/** Arrays of flat objects with the same keys: a table. */
function tableOf(items: Json[]): string[] | undefined {
  if (items.length < 2 || !items.every(isObject)) return undefined;
  const objects = items as { [key: string]: Json }[];
  const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))].filter(
    (k) => !METADATA_KEY.test(headerWords(k)),
  );
  if (
    keys.length < 2 ||
    !objects.every((o) => keys.every((k) => o[k] === undefined || o[k] === null || scalar(o[k])))
  )
    return undefined;
  return objects
    .map((o) =>
      rowSentence(
        keys,
        keys.map((k) => (o[k] === undefined || o[k] === null ? '' : String(o[k]))),
      ),
    )
    .filter(Boolean);
}

/**
 * A JSON file's entries as text: question/answer pairs wherever they are nested (under the title of
 * the group holding them), arrays of records as row sentences, other values as "key: value" lines.
 * Key names are never shown for a FAQ, nor keys that only describe the export.
 */
export function jsonText(value: unknown): string {
  const blocks: string[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length) blocks.push(lines.join('\n'));
    lines = [];
  };
  const hasPairs = (v: Json, depth: number): boolean =>
    depth <= MAX_DEPTH &&
    (Array.isArray(v)
      ? v.some((c) => hasPairs(c, depth + 1))
      : isObject(v)
        ? pairsOf(v) !== undefined || Object.values(v).some((c) => hasPairs(c, depth + 1))
        : false);
  const faq = hasPairs(value as Json, 0);
  const walk = (v: Json, path: string[]) => {
    if (path.length > MAX_DEPTH) return;
    if (Array.isArray(v)) {
      const rows = faq ? undefined : tableOf(v);
      if (rows) {
        flush();
        blocks.push(rows.join('\n\n'));
        return;
      }
      for (const item of v) {
        walk(item, [...path, '']);
        if (!isObject(item) || pairsOf(item) === undefined) flush();
      }
      return;
    }
    if (isObject(v)) {
      const pairs = pairsOf(v);
      if (pairs) {
        flush();
        for (const [q, a] of pairs) blocks.push(`${questionLine(q)}\n${a}`);
        return;
      }
      const entries = Object.entries(v).filter(([k]) => !METADATA_KEY.test(headerWords(k)));
      // The title of a group of entries heads them ("Shipping" above its questions).
      const title = entries.find(
        ([k, c]) => TITLE_KEY.test(headerWords(k)) && typeof c === 'string' && c.length <= 80,
      );
      const nested = entries.some(([, c]) => Array.isArray(c) || isObject(c));
      if (title && nested) {
        flush();
        blocks.push(`# ${String(title[1]).trim()}`);
      }
      for (const [k, child] of entries) {
        if (title && nested && child === title[1]) continue;
        if (faq && scalar(child) && !/\s\S+\s/.test(String(child))) continue;
        walk(child, [...path, k]);
      }
      return;
    }
    if (v === null || (typeof v === 'string' && !v.trim())) return;
    const text = textOf(v);
    const last = path.findLast(Boolean);
    const key = last ? headerWords(last) : '';
    lines.push(key && !/^\d+$/.test(key) ? `${key}: ${text}` : text);
  };
  walk(value as Json, []);
  flush();
  return blocks.join('\n\n');
}
