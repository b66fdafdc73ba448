import { Jieba } from '@node-rs/jieba';
import malayGlossary from './data/ms-glossary.json' with { type: 'json' };
import glossary from './data/zh-glossary.json' with { type: 'json' };

// Chinese words and their English glosses, from general dictionaries (data/LICENSES.md): a Chinese
// run is segmented by jieba with the glossary's words and frequencies, and each word is glossed into
// the English words CC-CEDICT gives for it ("运费" -> "freight", "fee"). Retrieval matches those
// words against English text, so a fact written in one language can answer a question asked in
// another without a hand-made entry for it.

interface Glossary {
  segmenter: Jieba;
  gloss: Map<string, string[]>;
  /** Malay word -> English words (FreeDict eng-ind, inverted). */
  malay: Map<string, string[]>;
}

let loaded: Glossary | undefined;

/** Loads the segmenter and the glossary (about a second of CPU): call it at start, off the request path. */
export function loadGlossary(): void {
  if (loaded) return;
  const gloss = new Map<string, string[]>();
  const dict: string[] = [];
  for (const entry of glossary.entries) {
    const tab = entry.indexOf('\t');
    const head = entry.slice(0, tab);
    gloss.set(head.slice(0, head.indexOf(' ')), entry.slice(tab + 1).split(' '));
    dict.push(`${head} n`);
  }
  const malay = new Map<string, string[]>();
  for (const entry of malayGlossary.entries) {
    const tab = entry.indexOf('\t');
    malay.set(entry.slice(0, tab), entry.slice(tab + 1).split(' '));
  }
  loaded = { segmenter: Jieba.withDict(Buffer.from(dict.join('\n'))), gloss, malay };
}

/** The words of a run of Chinese characters, as jieba segments it with the glossary's dictionary. */
export function chineseWords(run: string): string[] {
  loadGlossary();
  return loaded!.segmenter.cut(run, false);
}

/** The English words CC-CEDICT glosses a Chinese word with (empty when it has none). */
export function englishGloss(word: string): readonly string[] {
  loadGlossary();
  return loaded!.gloss.get(word) ?? [];
}

/** The English words a Malay word (as written, not its root) translates (empty when unknown). */
export function malayGloss(word: string): readonly string[] {
  loadGlossary();
  return loaded!.malay.get(word) ?? [];
}

/** Every English word some Chinese word is glossed with. */
export function glossVocabulary(): Set<string> {
  loadGlossary();
  const out = new Set<string>();
  for (const words of loaded!.gloss.values()) for (const w of words) out.add(w);
  return out;
}
