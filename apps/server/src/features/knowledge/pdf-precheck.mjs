// What a PDF is checked for before pdf.js reads it, in the extraction worker (plain JavaScript).
// pdf.js keeps every stream it inflates whole in memory, outside any heap limit, and believes the
// page tree's /Count: how much the streams inflate to, and how many pages the file really holds,
// are counted here first.
import { createInflate } from 'node:zlib';

const STREAM = Buffer.from('stream');
const OBJ = Buffer.from('obj');
const CR = 0x0d;
const LF = 0x0a;
/** How far before a stream's data its dictionary is looked for. */
const DICTIONARY_WINDOW = 64 * 1024;
/** No PDF writer nests FlateDecode deeper: a longer chain is refused as damaged. */
const MAX_STAGES = 16;

/**
 * Throws `fail('pdfUnpacksTooLarge')` once the zlib streams of the PDF in `bytes` inflate to more
 * than `limits.maxPdfUnpackedBytes` all together (every stage of a chain of FlateDecode filters
 * counts), and `fail('tooManyPages')` when the file holds more than `limits.maxPages` pages, whatever
 * its page tree's /Count says. Streams under other filters (hexadecimal, ASCII85 around zlib) are
 * left to the memory watch of extract.ts, and a page tree hidden from this count to the reading's
 * time limit.
 */
export async function checkPdf(bytes, limits, fail) {
  const budget = limits.maxPdfUnpackedBytes;
  const pages = new PageTally();
  pages.addFile(bytes);
  if (pages.count() > limits.maxPages) throw fail('tooManyPages');
  let total = 0;
  for (const stream of streamsOf(bytes)) {
    if (!isZlibHeader(bytes, stream.start)) continue;
    const dictionary = bytes.toString('latin1', stream.dictionaryFrom, stream.keyword);
    const objectStream = /\/Type\s*\/ObjStm\b/.test(dictionary);
    // To the end of the file: zlib stops at the end of its stream, wherever `endstream` is written.
    const inflated = await inflateChain(bytes.subarray(stream.start), budget - total, objectStream);
    total += inflated.size;
    if (total > budget) throw fail('pdfUnpacksTooLarge');
    if (inflated.stages > MAX_STAGES) throw fail('pdfDamaged');
    if (inflated.output) pages.addObjectStream(dictionary, inflated.output);
  }
  if (pages.count() > limits.maxPages) throw fail('tooManyPages');
}

/** A PDF's regular characters (anything but white space and delimiters) make up keywords and names. */
const isRegular = (byte) =>
  byte !== undefined && !' \t\n\f\r\0()<>[]{}/%'.includes(String.fromCharCode(byte));

/**
 * The streams of the file: where each `stream` keyword is, where its data starts (the next line, as
 * pdf.js finds it: after CR LF, LF or a lone CR) and from where its dictionary may be read.
 */
function* streamsOf(bytes) {
  let at = 0;
  for (;;) {
    const keyword = bytes.indexOf(STREAM, at);
    if (keyword < 0) return;
    at = keyword + STREAM.length;
    // Part of a longer word: `endstream`, or text.
    if (isRegular(bytes[keyword - 1]) || isRegular(bytes[at])) continue;
    let start = at;
    while (start < bytes.length && bytes[start] !== CR && bytes[start] !== LF) start++;
    start += bytes[start] === CR && bytes[start + 1] === LF ? 2 : 1;
    const windowFrom = Math.max(0, keyword - DICTIONARY_WINDOW);
    const objectKeyword = bytes.subarray(windowFrom, keyword).lastIndexOf(OBJ);
    yield { keyword, start, dictionaryFrom: objectKeyword < 0 ? windowFrom : windowFrom + objectKeyword };
    at = start;
  }
}

const isZlibHeader = (bytes, i) =>
  i + 1 < bytes.length && (bytes[i] & 0x0f) === 8 && ((bytes[i] << 8) | bytes[i + 1]) % 31 === 0;

/**
 * Inflates `data` and, as long as a stage's output is itself a zlib stream (a chain of FlateDecode
 * filters), that output again, dropping what comes out. Answers the bytes all stages put out
 * (stopping once past `budget`: pdf.js holds every stage's output), how many stages there were, and
 * with `keep` the last stage's output. A damaged stream counts what came out of it.
 */
function inflateChain(data, budget, keep) {
  return new Promise((resolve) => {
    let size = 0;
    let settled = false;
    const stages = [];
    const kept = [];
    const finish = () => {
      if (settled) return;
      settled = true;
      for (const stage of stages) stage.destroy();
      const output = keep && size <= budget ? Buffer.concat(kept) : undefined;
      resolve({ size, stages: stages.length, output });
    };
    const addStage = () => {
      const inflater = createInflate();
      stages.push(inflater);
      if (stages.length > MAX_STAGES) {
        finish();
        return inflater;
      }
      // Held until the output's first two bytes say whether it is inflated again.
      let head = [];
      let next;
      const forward = (chunk) => {
        if (!next) {
          if (keep) kept.push(chunk);
        } else if (!next.write(chunk)) {
          inflater.pause();
          next.once('drain', () => inflater.resume());
        }
      };
      const decide = () => {
        const first = Buffer.concat(head);
        head = undefined;
        if (isZlibHeader(first, 0)) next = addStage();
        if (!settled) forward(first);
      };
      inflater.on('data', (chunk) => {
        if (settled) return;
        size += chunk.length;
        if (size > budget) return finish();
        if (!head) return forward(chunk);
        head.push(chunk);
        if (head.reduce((sum, c) => sum + c.length, 0) >= 2) decide();
      });
      const done = () => {
        if (settled) return;
        if (head?.length) decide();
        if (next) next.end();
        else finish();
      };
      inflater.on('end', done);
      inflater.on('error', done);
      return inflater;
    };
    addStage().end(data);
  });
}

// Linear on any input (the file is hostile): a number is matched from its first digit only, and an
// array up to the next bracket.
const OBJECT_HEADER = /(?<!\d)(\d+)\s+\d+\s+obj\b/g;
const PAGE = /\/Type\s*\/Page(?![^\s()<>[\]{}/%])/g;
const PAGES_NODE = /\/Type\s*\/Pages(?![^\s()<>[\]{}/%])|\/Count[\s\d]/;
const KIDS = /\/Kids\s*\[([^[\]]*)\]/g;
const REFERENCE = /(?<!\d)\d+\s+\d+\s+R(?![^\s()<>[\]{}/%])/g;

/**
 * The pages a PDF holds, counted from its objects rather than the page tree's /Count: the objects
 * typed /Page, and the leaves the /Kids arrays of the tree's nodes add up to, whichever is more.
 * An object written again (an incremental update) counts once, as its last writing.
 */
class PageTally {
  #objects = new Map();
  #unnumbered = 0;

  /** The objects written in the file itself. */
  addFile(bytes) {
    const text = bytes.toString('latin1');
    let previous;
    for (const header of text.matchAll(OBJECT_HEADER)) {
      if (previous) this.#add(previous.number, text.slice(previous.from, header.index));
      previous = { number: Number(header[1]), from: header.index + header[0].length };
    }
    if (previous) this.#add(previous.number, text.slice(previous.from));
  }

  /** The objects of an object stream (/N objects; a header of number-offset pairs, then /First). */
  addObjectStream(dictionary, content) {
    const text = content.toString('latin1');
    // A /First given by reference is not followed: the text is then counted as one object.
    const declared = /\/First\s+(\d+)(\s+\d+\s+R)?/.exec(dictionary);
    const first = declared && !declared[2] ? Number(declared[1]) : Number.NaN;
    const header = Number.isInteger(first) ? text.slice(0, first).trim().split(/\s+/).map(Number) : [];
    const entries = [];
    for (let i = 0; i + 1 < header.length; i += 2) entries.push({ number: header[i], offset: header[i + 1] });
    if (
      entries.length === 0 ||
      entries.some((e) => !Number.isInteger(e.number) || !Number.isInteger(e.offset))
    ) {
      this.#add(undefined, text);
      return;
    }
    entries.sort((a, b) => a.offset - b.offset);
    entries.forEach((entry, i) => {
      const end = i + 1 < entries.length ? first + entries[i + 1].offset : text.length;
      this.#add(entry.number, text.slice(first + entry.offset, end));
    });
  }

  count() {
    let typed = 0;
    let references = 0;
    let nodes = 0;
    for (const object of this.#objects.values()) {
      typed += object.typed;
      references += object.references;
      nodes += object.nodes;
    }
    // Every node but the root is some node's kid: the leaves are the references less the other nodes.
    return Math.max(typed, nodes > 0 ? references - nodes + 1 : 0);
  }

  #add(number, text) {
    const object = { typed: 0, references: 0, nodes: 0 };
    for (const _ of text.matchAll(PAGE)) object.typed++;
    if (PAGES_NODE.test(text)) {
      for (const kids of text.matchAll(KIDS)) {
        object.nodes++;
        for (const _ of kids[1].matchAll(REFERENCE)) object.references++;
      }
    }
    this.#objects.set(number ?? `unnumbered ${this.#unnumbered++}`, object);
  }
}
