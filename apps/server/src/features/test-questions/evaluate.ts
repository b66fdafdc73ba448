import type { TestChange } from '@balas/contracts';

// Whether a bot reply passes a test question: pure, no database.

/** Words and numbers (a decimal's trailing zeros dropped), and each Chinese character, in order. */
export function factTokens(text: string): string[] {
  const out: string[] = [];
  const s = text.normalize('NFKC').toLowerCase();
  for (const m of s.matchAll(/(\p{Script=Han})|(\d+(?:[.,]\d+)*)|([\p{L}\p{M}]+)/gu)) {
    if (m[1]) out.push(m[1]);
    else if (m[2]) {
      let n = m[2].replace(/,(?=\d{3}(?:\D|$))/g, '');
      if (/^\d+\.\d+$/.test(n)) n = n.replace(/0+$/, '').replace(/\.$/, '');
      out.push(n);
    } else if (m[3]) out.push(m[3]);
  }
  return out;
}

function containsRun(hay: string[], needle: string[]): boolean {
  if (needle.length === 0) return false;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let k = 0; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}

/** Whether the reply says the fact in one of its forms ("RM 12" says "RM12"; "17 days" does not say "7 days"). */
export function saysFact(reply: string, forms: string[]): boolean {
  const tokens = factTokens(reply);
  return forms.some((form) => containsRun(tokens, factTokens(form)));
}

export interface Expectation {
  expect: 'answer' | 'handover';
  facts: string[][];
}

export interface Verdict {
  passed: boolean;
  missing: string[][];
}

/** A handover passes "should hand over"; an answer passes when it says every key fact. */
export function judge(expected: Expectation, reply: { text: string; handedOver: boolean }): Verdict {
  if (expected.expect === 'handover') return { passed: reply.handedOver, missing: [] };
  if (reply.handedOver) return { passed: false, missing: expected.facts };
  const missing = expected.facts.filter((forms) => !saysFact(reply.text, forms));
  return { passed: missing.length === 0, missing };
}

/** How a question's result moved since the run before. */
export function changeOf(passed: boolean, previous: boolean | undefined): TestChange {
  if (previous === undefined) return 'new';
  if (previous && !passed) return 'regressed';
  if (!previous && passed) return 'fixed';
  return 'same';
}
