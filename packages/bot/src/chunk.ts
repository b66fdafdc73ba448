import { csvText, docxText, jsonText, pdfText, pipeTablesText } from './document-text.ts';
import { detectLanguage, hasLanguageMarkers } from './language.ts';
import type { Lang } from './types.ts';

export { parseCsv } from './document-text.ts';

// Splits knowledge documents into retrieval passages of about `size` characters on paragraph and
// sentence boundaries, with a small overlap (the previous chunk's last sentence when it is short) and the
// current section heading repeated at the top of a chunk that starts mid-section (a FAQ's question at
// the top of a chunk that starts mid-answer). Each kind of file is first read as its author wrote it
// (document-text.ts): PDF paragraphs, Word headings and tables, CSV rows and JSON entries.

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
  'sdn',
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
  if (/^\p{L}{1,12} \d{1,2}\.$/u.test(piece)) return true; // "Step 1." opening a step
  const last = /(?<![\p{L}.])([\p{L}.]+)\.$/u.exec(piece)?.[1]?.toLowerCase();
  return last !== undefined && ABBREVIATIONS.has(last);
}

const SEPARATOR = /^[=\-_*#~]{3,}$/;

/** The block's line when the block is a section title, else undefined. */
function headingOf(block: string): string | undefined {
  const lines = block.split('\n');
  if (lines.length !== 1) return undefined;
  const line = lines[0]!.trim();
  if (/^(?:=+|#+)\s*\S/.test(line)) return line;
  // A list item without a full stop is still an item.
  if (/^[-*•·]\s/.test(line)) return undefined;
  if (line.length <= 70 && !/[.!?。！？:：,，;；]$/.test(line)) return line;
  return undefined;
}

/** A FAQ's question opening a block ("Q: ...", "Do you ...?"): the context of the lines after it. */
function questionOf(block: string): string | undefined {
  const newline = block.indexOf('\n');
  if (newline < 0) return undefined;
  const first = block.slice(0, newline).trim();
  return /^(?:q|question|soalan|问)\s*[:：]|[?？]$/i.test(first) ? first : undefined;
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
  const blocks = pipeTablesText(text.replace(/\r\n?/g, '\n'))
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
  let question: string | undefined;
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
      if (question && !unit.startsWith(question)) push(question);
    }
    if (lang && !chunkLang) chunkLang = lang;
    if (contentInChunk && length + unit.length > size) {
      const tail = lastUnit && lastUnit.length <= overlap ? lastUnit : undefined;
      emit();
      if (heading) push(heading);
      if (question && !unit.startsWith(question)) push(question);
      if (tail && tail !== question) push(tail);
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
    question = questionOf(block);
    // A question and its answer stay together, whatever their languages.
    if (block.length <= size && (languages.size <= 1 || question)) {
      addUnit(block);
    } else if (languages.size > 1) {
      for (const line of lines) addUnit(line);
    } else {
      // A paragraph (a line) that fits stays whole; a longer one is cut between its sentences.
      for (const line of lines) {
        if (line.length <= size) {
          addUnit(line);
          continue;
        }
        for (const sentence of splitSentences(line)) {
          for (const piece of sentence.length > size ? hardSplit(sentence, size) : [sentence]) addUnit(piece);
        }
      }
    }
    question = undefined;
  }
  if (contentInChunk || freshHeadings > 0) emit();
  return chunks.map((t, ordinal) => ({ ordinal, text: t }));
}

/** Chunks a knowledge file by its type (from the file name), read first as its author wrote it. */
export function chunkDocument(fileName: string, text: string, options: ChunkOptions = {}): TextChunk[] {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'tsv') return chunkText(csvText(text, ext === 'tsv' ? '\t' : ','), options);
  if (ext === 'json') {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return chunkText(text, options);
    }
    let text2: string;
    try {
      text2 = jsonText(value);
    } catch {
      // Nothing in the file is lost for a structure the reader did not expect.
      return chunkText(text, options);
    }
    return chunkText(text2, options);
  }
  if (ext === 'pdf') return chunkText(pdfText(text), options);
  if (ext === 'docx' || ext === 'doc') return chunkText(docxText(text), options);
  return chunkText(text, options);
}
