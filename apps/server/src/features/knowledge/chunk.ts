/**
 * Splits text into chunks of at most `size` characters on paragraph and sentence boundaries, each
 * chunk repeating the last sentence of the previous one (a small overlap) so a fact split across a
 * boundary stays retrievable.
 */
export function chunkDocument(text: string, size: number): string[] {
  const limit = Math.max(100, size);
  const sentences = text
    .split(/\n{2,}/)
    .flatMap((paragraph) => splitSentences(paragraph.replace(/\s*\n\s*/g, ' ').trim()))
    .flatMap((s) => hardSplit(s, limit));
  const chunks: string[] = [];
  let current: string[] = [];
  let length = 0;
  for (const sentence of sentences) {
    if (length + sentence.length + 1 > limit && current.length > 0) {
      chunks.push(current.join(' '));
      const last = current.at(-1)!;
      const overlap = last.length <= limit / 4 ? [last] : [];
      current = overlap;
      length = overlap.reduce((n, s) => n + s.length + 1, 0);
    }
    current.push(sentence);
    length += sentence.length + 1;
  }
  if (current.length > 0) chunks.push(current.join(' '));
  return chunks;
}

function splitSentences(paragraph: string): string[] {
  if (!paragraph) return [];
  // Latin sentence ends followed by a space, and CJK full stops (no space after them).
  return paragraph
    .split(/(?<=[.!?])\s+(?=[^\s])|(?<=[。！？；])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

function hardSplit(sentence: string, limit: number): string[] {
  if (sentence.length <= limit) return [sentence];
  const parts: string[] = [];
  let rest = sentence;
  while (rest.length > limit) {
    const cut = rest.lastIndexOf(' ', limit);
    const at = cut > limit / 2 ? cut : limit;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}
