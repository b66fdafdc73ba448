import { detectLanguage, hasLanguageMarkers } from './language.ts';
import type { Lang } from './types.ts';

// A passage as the composer sees it: its sentences in order, each with its own language (a passage
// may mix languages), the section title it sits under, and whether it can be said to a shopper at all
// (a quoted customer line or a question cannot).

export interface Sentence {
  text: string;
  /** Line of the passage (sentences of one line are one paragraph or list item). */
  line: number;
  lang: Lang;
  /** A section title ("7. Cloth diapers", "== Returns ==") rather than a statement. */
  heading: boolean;
  /** The section title this sentence sits under, if any. */
  section?: string;
  /** A list item ("- ...", "1. ...", "a) ..."). */
  listItem: boolean;
  /** Never sent: a quoted customer line, a question, a decoration. */
  skip: boolean;
}

const SPEAKER_LINE =
  /^(?:customer|client|user|shopper|buyer|q|question|pelanggan|soalan|问|客户|顾客)\s*[:：]/i;
/** A FAQ's question, labelled ("Q: ..."): never sent, the context of the answer after it. */
const QUESTION_LABEL = /^(?:q|question|soalan|pertanyaan|问|问题)\s*[:：]\s*/i;
const ANSWER_LABEL = /^(?:answer|a|reply|jawapan|balas|答|回答|回复)\s*[:：]\s*/i;
const SENTENCE_END = /[.!?]+(?=\s|$)|[。！？]+/g;
const LIST_MARK = /^(?:[-*•·]\s+|\d{1,2}[.)]\s+|[a-z][.)]\s+|[一二三四五六七八九十]+[、.]\s*)/i;
const DECORATION = /^[=\-_*#~]{3,}$/;
const ABBREVIATION_END = /\b(?:no|mr|mrs|ms|dr|jln|min|max|lot|sdn|approx|st|tel|vs|etc|e\.g|i\.e)\.$/i;

function isHeading(text: string): boolean {
  const marked = /^(?:=+|#+)\s*.+?\s*=*$/.test(text);
  if (marked) return true;
  const bare = text.replace(LIST_MARK, '');
  // A numbered section title may list what it covers: "8. Exchanges, store credit and shipping fees".
  if (
    /^\d{1,2}\.\s/.test(text) &&
    text.length <= 60 &&
    !/[.!?。！？:：;；]/.test(bare) &&
    !/\d/.test(bare) &&
    bare.split(/\s+/).length <= 8
  )
    return true;
  return (
    text.length <= 60 &&
    !/[.!?。！？:：;；,，]/.test(bare) &&
    !/[.!?。！？:：;；]/.test(bare) &&
    !/\d/.test(bare) &&
    bare.split(/\s+/).length <= 6
  );
}

/** "== Returns ==", "7. Cloth diapers", "一、奶瓶与奶嘴" -> the title's words. */
export function headingText(text: string): string {
  return text
    .replace(/^(?:=+|#+)\s*|(?<![\s=])\s*=+$/g, '')
    .replace(LIST_MARK, '')
    .trim();
}

/** Splits a passage into sentences tagged with language, section and list-ness. */
export function sentencesOf(text: string, fallback?: Lang, names: readonly string[] = []): Sentence[] {
  const whole = fallback ?? detectLanguage(text);
  // A product's name says nothing about the language a sentence is written in.
  const neutral = (t: string) => {
    let out = t;
    for (const name of names) if (name.length >= 4 && out.includes(name)) out = out.split(name).join(' ');
    return out;
  };
  const languageOf = (t: string) => {
    const plain = neutral(t);
    return hasLanguageMarkers(plain) ? detectLanguage(plain, whole) : whole;
  };
  const out: Sentence[] = [];
  let section: string | undefined;
  text.split(/\r?\n/).forEach((rawLine, line) => {
    let l = rawLine.trim();
    if (!l || DECORATION.test(l)) return;
    const labelled = QUESTION_LABEL.exec(l);
    if (labelled) {
      const question = l.slice(labelled[0].length).trim();
      if (!question) return;
      out.push({
        text: l,
        line,
        lang: languageOf(question),
        heading: false,
        ...(section ? { section } : {}),
        listItem: false,
        skip: true,
      });
      // The composer knows a FAQ's question by its question mark.
      section = /[?？]$/.test(question)
        ? question
        : `${question.replace(/[.。!！]+$/, '')}${/[\u3400-\u9fff]/.test(question) ? '？' : '?'}`;
      return;
    }
    const speaker = SPEAKER_LINE.test(l);
    l = l.replace(ANSWER_LABEL, '');
    const listItem = LIST_MARK.test(l) && !isHeading(l);
    const pieces: string[] = [];
    let start = 0;
    for (const m of l.matchAll(SENTENCE_END)) {
      const end = (m.index ?? 0) + m[0].length;
      const piece = l.slice(start, end).trim();
      // Keep list numbers ("1.") and abbreviations ("No.") with what follows.
      if (/^(?:\d{1,2}|[a-z])\.$/i.test(piece) || ABBREVIATION_END.test(piece)) continue;
      // "Step 1." opens its step.
      if (/^\p{L}{1,12} \d{1,2}\.$/u.test(piece)) continue;
      if (piece) pieces.push(piece);
      start = end;
    }
    const rest = l.slice(start).trim();
    if (rest) pieces.push(rest);
    for (const piece of pieces) {
      const heading = pieces.length === 1 && isHeading(piece);
      if (heading) section = headingText(piece);
      const asked = !speaker && /[?？]$/.test(piece);
      const lang = languageOf(piece);
      out.push({
        text: piece,
        line,
        lang,
        heading,
        ...(!heading && section ? { section } : {}),
        listItem,
        skip: speaker || /[?？]$/.test(piece),
      });
      // A question the text answers ("Parcel shown as delivered but not received?") says what the
      // sentences after it are about, like a section title; the next question takes over from it.
      if (asked && (!section || /[?？]$/.test(section))) section = piece;
    }
  });
  return out;
}

/** Joins sentences back into text: lines without a full stop keep their line breaks. */
export function joinSentences(sentences: readonly Pick<Sentence, 'text' | 'line'>[]): string {
  let out = '';
  let prev: Pick<Sentence, 'text' | 'line'> | undefined;
  for (const s of sentences) {
    if (prev) {
      const cjk = /[\u3000-\u9fff）)]$/.test(out) && /^[\u3000-\u9fff]/.test(s.text);
      const open = prev.line !== s.line && !/[.!?。！？:：;；,，]$/.test(prev.text);
      out += open ? '\n' : cjk ? '' : ' ';
    }
    out += s.text;
    prev = s;
  }
  return out;
}
