import { detectLanguage, hasLanguageMarkers } from './language.ts';
import type { Lang } from './types.ts';

// Splits knowledge documents into retrieval passages of about `size` characters on paragraph and
// sentence boundaries, with a small overlap (the previous chunk's last sentence when it is short) and the
// current section heading repeated at the top of a chunk that starts mid-section. CSV rows become
// "column: value" lines and JSON is flattened into "path: value" lines, so both read like text.

export interface ChunkOptions {
  /** Target characters per chunk (default 500). */
  size?: number;
  /** Longest trailing sentence carried into the next chunk (default 120 characters). */
  overlap?: number;
}

export interface TextChunk {
  ordinal: number;
  text: string;
}

const ABBREVIATIONS = new Set([
  'no',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'jln',
  'vs',
  'etc',
  'min',
  'max',
  'approx',
  'e.g',
  'i.e',
  'p.o',
  'tel',
  'lot',
]);

/** Sentences of a text, in order; lines are always boundaries, list numbers ("1.") are not. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    let start = 0;
    for (const m of line.matchAll(/[.!?]+(?=\s|$)|[。！？]+|；(?=.{40,})/g)) {
      const end = (m.index ?? 0) + m[0].length;
      const piece = line.slice(start, end).trim();
      if (!piece) continue;
      if (m[0] === '.' && isAbbreviationEnd(piece)) continue;
      out.push(piece);
      start = end;
    }
    const rest = line.slice(start).trim();
    if (rest) out.push(rest);
  }
  return out;
}

function isAbbreviationEnd(piece: string): boolean {
  if (/^(?:\d{1,2}|[a-zA-Z])\.$/.test(piece)) return true; // "1." or "a." list markers
  const last = /(?<![\p{L}.])([\p{L}.]+)\.$/u.exec(piece)?.[1]?.toLowerCase();
  return last !== undefined && ABBREVIATIONS.has(last);
}

const SEPARATOR = /^[=\-_*#~]{3,}$/;

function headingOf(block: string): string | undefined {
  const lines = block.split('\n');
  if (lines.length !== 1) return undefined;
  const line = lines[0]!.trim();
  const marked = /^(?:=+|#+)\s*(.+?)\s*=*$/.exec(line);
  if (marked?.[1]) return marked[1];
  if (line.length <= 70 && !/[.!?。！？:：,，;；]$/.test(line)) return line;
  return undefined;
}

function hardSplit(text: string, size: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > size) {
    let cut = rest.lastIndexOf(' ', size);
    if (cut < size * 0.5) cut = size;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/** The language a unit is clearly written in, or undefined when it says nothing (numbers, names). */
function clearLanguage(unit: string): Lang | undefined {
  return hasLanguageMarkers(unit) ? detectLanguage(unit) : undefined;
}

export function chunkText(text: string, options: ChunkOptions = {}): TextChunk[] {
  const size = options.size ?? 500;
  const overlap = options.overlap ?? 120;
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((b) =>
      b
        .split('\n')
        .filter((l) => !SEPARATOR.test(l.trim()))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);

  const chunks: string[] = [];
  let current: string[] = [];
  let length = 0;
  let heading: string | undefined;
  let lastUnit: string | undefined;
  let contentInChunk = false;
  let freshHeadings = 0;
  let chunkLang: Lang | undefined;

  const push = (unit: string) => {
    current.push(unit);
    length += unit.length + 1;
  };
  const emit = () => {
    chunks.push(current.join('\n'));
    current = [];
    length = 0;
    contentInChunk = false;
    freshHeadings = 0;
    chunkLang = undefined;
  };
  const addUnit = (unit: string) => {
    // A chunk holds one language: a passage in two would be answered in the wrong one.
    const lang = clearLanguage(unit);
    if (contentInChunk && lang && chunkLang && lang !== chunkLang) {
      emit();
      lastUnit = undefined;
      if (heading && (clearLanguage(heading) ?? lang) === lang) push(heading);
    }
    if (lang && !chunkLang) chunkLang = lang;
    if (contentInChunk && length + unit.length > size) {
      const tail = lastUnit && lastUnit.length <= overlap ? lastUnit : undefined;
      emit();
      if (heading) push(heading);
      if (tail) push(tail);
    }
    push(unit);
    lastUnit = unit;
    contentInChunk = true;
  };

  for (const block of blocks) {
    const h = headingOf(block);
    if (h !== undefined) {
      if (contentInChunk) emit();
      heading = h;
      lastUnit = undefined;
      push(block);
      freshHeadings++;
      continue;
    }
    const lines = block.split('\n');
    const languages = new Set(lines.map(clearLanguage).filter(Boolean));
    if (block.length <= size && languages.size <= 1) {
      addUnit(block);
      continue;
    }
    if (languages.size > 1) {
      for (const line of lines) addUnit(line);
      continue;
    }
    for (const sentence of splitSentences(block)) {
      for (const piece of sentence.length > size ? hardSplit(sentence, size) : [sentence]) addUnit(piece);
    }
  }
  if (contentInChunk || freshHeadings > 0) emit();
  return chunks.map((t, ordinal) => ({ ordinal, text: t }));
}

/** Chunks a knowledge file by its type (from the file name): CSV and JSON are turned into text first. */
export function chunkDocument(fileName: string, text: string, options: ChunkOptions = {}): TextChunk[] {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'tsv') return chunkText(csvToText(text, ext === 'tsv' ? '\t' : ','), options);
  if (ext === 'json') {
    try {
      return chunkText(jsonToText(JSON.parse(text)), options);
    } catch {
      return chunkText(text, options);
    }
  }
  return chunkText(text, options);
}

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

function csvToText(text: string, separator: string): string {
  const [header, ...rows] = parseCsv(text, separator);
  if (!header) return '';
  const names = header.map((h) => h.trim().replace(/_/g, ' '));
  return rows
    .map((r) =>
      r
        .map((v, i) => [names[i] ?? `column ${i + 1}`, v.trim()] as const)
        .filter(([, v]) => v)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; '),
    )
    .join('\n\n');
}

function jsonToText(value: unknown): string {
  const blocks: string[] = [];
  const lines: string[] = [];
  const walk = (v: unknown, path: string, top: boolean) => {
    if (Array.isArray(v)) {
      for (const item of v) {
        walk(item, path, false);
        if (top && lines.length) blocks.push(lines.splice(0).join('\n'));
      }
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) walk(child, path ? `${path} ${k}` : k, false);
    } else if (v !== null && v !== undefined && v !== '') {
      lines.push(path ? `${path}: ${String(v)}` : String(v));
    }
  };
  walk(value, '', true);
  if (lines.length) blocks.push(lines.join('\n'));
  return blocks.join('\n\n');
}
