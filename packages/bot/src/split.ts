import { analysedText } from './analysed-text.ts';
import { normalizeText } from './tokenize.ts';

// Splits a message holding several questions ("how much is shipping to Penang and can I pay COD? also
// XL for the baju kurung?") into its questions, at most `max`. A piece that asks nothing ("box still
// sealed") stays with the question it explains, so a single question is never cut apart.

export const MAX_PARTS = 3;

const QUESTION_SIGNAL =
  /[?？]|\b(?:how|what|whats|when|where|which|why|who|can|could|is|are|do|does|did|will|got|any|anything|berapa|brp|bape|bila|mana|apa|camne|macam|boleh|blh|ada|ke|kah|tak|x)\b|吗|呢|多少|几|什么|哪|怎么|可以|有没有|能不能|是不是|要不要/;
// Where a new question starts inside a sentence: "..., also ...", "... and can I ...", "另外 ...".
const JOINERS =
  /(?<!\s)(?:\s*(?:[,;]\s*|\s)(?:and\s+also|also|plus|and\s+(?:can|could|do|does|is|are|will|how|what|when|where|which|got|any)|lagi\s+satu|satu\s+lagi|lepas\s+tu|pastu|dan\s+(?:boleh|ada|berapa|brp|bila)|then)\b\s*|\s*[,，;；]?\s*(?:另外|还有|然后|以及|再问)[,，]?\s*)/gi;

// "is", "can"... ask only where a question starts with them ("my cart is RM200" is a statement).
const AUXILIARY = /\b(?:can|could|is|are|do|does|did|will|got|any)\b/g;
const AUXILIARY_FIRST =
  /^\s*(?:(?:and|so|also|then|but|ok|okay|hi|hello)\s+)?(?:can|could|is|are|do|does|did|will|got|any)\b/;

function asks(piece: string): boolean {
  const text = normalizeText(piece);
  if (/[?？]/.test(text) || AUXILIARY_FIRST.test(text)) return true;
  return QUESTION_SIGNAL.test(text.replace(AUXILIARY, ' '));
}

function contentLength(piece: string): number {
  const han = piece.match(/\p{Script=Han}/gu)?.length ?? 0;
  const words = piece.match(/[\p{L}\d]+/gu)?.length ?? 0;
  return han / 2 + words;
}

/** The questions of a message, in order (the message itself when it holds one). */
export function splitQuestions(message: string, max = MAX_PARTS): string[] {
  const text = analysedText(message);
  const sentences = text
    .split(/(?<=[?？])\s*|\n+|(?<=[.!。！])\s+(?=\S)/)
    .map((s) => s.trim())
    .filter(Boolean);
  const pieces: string[] = [];
  for (const sentence of sentences) {
    let start = 0;
    for (const m of sentence.matchAll(JOINERS)) {
      const at = m.index ?? 0;
      const before = sentence.slice(start, at).trim();
      const after = sentence.slice(at + m[0].length);
      // Only where both sides are a question of their own.
      if (contentLength(before) >= 2 && contentLength(after) >= 2 && asks(after) && asks(before)) {
        pieces.push(before);
        start = at + m[0].length;
      }
    }
    pieces.push(sentence.slice(start).trim());
  }
  // A piece that asks nothing explains its neighbour: keep it with the question before (or after).
  const parts: string[] = [];
  let pending = '';
  for (const piece of pieces) {
    if (!piece) continue;
    // A short follow-on ("hari apa?", "how much?") elaborates the question before it.
    if (!asks(piece) || contentLength(piece) < 2 || (parts.length > 0 && contentLength(piece) < 3)) {
      if (parts.length) parts[parts.length - 1] = `${parts[parts.length - 1]} ${piece}`;
      else pending = `${pending} ${piece}`.trim();
      continue;
    }
    parts.push(pending ? `${pending} ${piece}` : piece);
    pending = '';
  }
  if (pending) {
    if (parts.length) parts[0] = `${pending} ${parts[0]}`;
    else parts.push(pending);
  }
  if (parts.length <= max) return parts.length ? parts : [text.trim()];
  return [...parts.slice(0, max - 1), parts.slice(max - 1).join(' ')];
}
