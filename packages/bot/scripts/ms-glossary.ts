// Writes src/data/ms-glossary.json: Malay words and the English words they translate, inverted from a
// general English–Indonesian dictionary (never from a shop's or an eval set's wording):
// FreeDict+WikDict eng-ind (from Wiktionary; CC BY-SA 3.0), as Debian packages it in
// `dict-freedict-eng-ind`. Indonesian and Malay share most of their everyday vocabulary (harga,
// bayar, pulang, kirim); where Malay differs the word is simply not found. A translation is kept when
// it is one word; an English headword when it is one plain word. Run:
//   apt-get download dict-freedict-eng-ind && dpkg-deb -x dict-freedict-eng-ind_*.deb /tmp/fd
//   npm run glossary:ms -w @balas/bot -- /tmp/fd/usr/share/dictd
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const GLOSS_WORDS = 4;
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** dictd's base-64 numbers (offsets and lengths in the .index file). */
function b64(text: string): number {
  let n = 0;
  for (const c of text) n = n * 64 + B64.indexOf(c);
  return n;
}

const dir = process.argv[2] ?? '/usr/share/dictd';
const dict = gunzipSync(readFileSync(join(dir, 'freedict-eng-ind.dict.dz')));
const index = readFileSync(join(dir, 'freedict-eng-ind.index'), 'utf8');

const glosses = new Map<string, string[]>();
for (const line of index.split('\n')) {
  const [head, offset, length] = line.split('\t');
  if (!head || !offset || !length || !/^[a-z]{2,}$/.test(head)) continue;
  const body = dict
    .subarray(b64(offset), b64(offset) + b64(length))
    .toString('utf8')
    .split('\n');
  // Line 1 is the headword with its pronunciation and part of speech; translations follow, the first
  // line bare or numbered, further ones numbered ("1. rona" / "2. warna"), until the first English
  // definition. A number closing a line ("harga 2.") opens the next sense.
  const translations: string[] = [];
  for (let i = 1; i < body.length; i++) {
    const line = body[i] ?? '';
    if (i > 1 && !/^\s*\d+\.\s*\S/.test(line)) break;
    translations.push(line.replace(/^\s*\d+\.\s*/, '').replace(/\s+\d+\.\s*$/, ''));
  }
  for (const raw of translations.join(',').split(',')) {
    const word = raw.trim().toLowerCase();
    if (!/^[a-z]{2,}(?:-[a-z]{2,})?$/.test(word) || word === head) continue;
    const list = glosses.get(word) ?? [];
    if (!list.includes(head) && list.length < GLOSS_WORDS) list.push(head);
    glosses.set(word, list);
  }
}

const entries = [...glosses].sort(([a], [b]) => a.localeCompare(b)).map(([w, en]) => `${w}\t${en.join(' ')}`);
const out = new URL('../src/data/ms-glossary.json', import.meta.url);
writeFileSync(
  out,
  `${JSON.stringify({
    about:
      'Malay (Indonesian) word -> English words, inverted from FreeDict+WikDict eng-ind (CC BY-SA 3.0); see LICENSES.md',
    entries,
  })}\n`,
);
console.log(`${entries.length} Malay words written to ${out.pathname}`);
