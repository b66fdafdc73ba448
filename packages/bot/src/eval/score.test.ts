import { describe, expect, it } from 'vitest';
import type { AnswerResult } from '../types.ts';
import type { EvalQuestion } from './load-set.ts';
import { percentile, scoreAnswer, summarize } from './score.ts';

function result(partial: Partial<AnswerResult>): AnswerResult {
  return {
    text: '',
    confidence: 1,
    sources: [],
    language: 'en',
    handover: null,
    intent: 'question',
    composer: 'offline',
    timings: { totalMs: 1, retrievalMs: 1, composeMs: 0 },
    ...partial,
  };
}
const source = (kind: 'topic' | 'file' | 'product', name: string) => ({
  kind,
  id: 'x',
  name,
  excerpt: '',
  score: 1,
});
const q = (expect: EvalQuestion['expect'], extra: Partial<EvalQuestion> = {}): EvalQuestion => ({
  id: 'q',
  question: '?',
  language: 'en',
  expect,
  ...extra,
});

describe('scoreAnswer (README rules)', () => {
  const expectSource = q({ source: ['topic:Shipping', 'file:policy.txt'], contains: ['14.90', 'Sabah'] });

  it('is right when the first source is an expected one', () => {
    expect(scoreAnswer(expectSource, result({ sources: [source('file', 'policy.txt')] }), 1).correct).toBe(
      true,
    );
    expect(
      scoreAnswer(
        expectSource,
        result({ sources: [source('topic', 'Payment'), source('topic', 'Shipping')] }),
        1,
      ).correct,
    ).toBe(false);
  });

  it('or when the text contains every listed string, case-insensitively', () => {
    expect(scoreAnswer(expectSource, result({ text: 'RM14.90 to SABAH' }), 1).correct).toBe(true);
    expect(scoreAnswer(expectSource, result({ text: 'RM14.90 to Sarawak' }), 1).correct).toBe(false);
  });

  it('counts a handed-over answer as unanswered, and a handover question as right only when handed over', () => {
    const handedOver = result({
      sources: [source('topic', 'Shipping')],
      handover: { reason: 'low_confidence' },
    });
    expect(scoreAnswer(expectSource, handedOver, 1)).toMatchObject({ correct: false, handedOver: true });
    const wantsHandover = q({ handover: true });
    expect(scoreAnswer(wantsHandover, handedOver, 1).correct).toBe(true);
    expect(scoreAnswer(wantsHandover, result({ sources: [source('topic', 'Shipping')] }), 1).correct).toBe(
      false,
    );
  });
});

describe('summarize', () => {
  it('reports accuracy per language and cross-lingual, handover precision / recall and timing', () => {
    const outcomes = [
      scoreAnswer(
        q({ source: ['topic:A'] }, { language: 'ms', crossLingual: true }),
        result({ sources: [source('topic', 'A')] }),
        2,
      ),
      scoreAnswer(
        q({ source: ['topic:A'] }, { language: 'ms' }),
        result({ handover: { reason: 'angry' } }),
        4,
      ),
      scoreAnswer(
        q({ handover: true }, { language: 'zh' }),
        result({ handover: { reason: 'asked_for_human' } }),
        6,
      ),
      scoreAnswer(q({ handover: true }, { language: 'zh' }), result({}), 8),
    ];
    const s = summarize(outcomes);
    expect(s.accuracy).toEqual({ correct: 2, total: 4, rate: 0.5 });
    expect(s.byLanguage.ms).toEqual({ correct: 1, total: 2, rate: 0.5 });
    expect(s.byLanguage.en).toBeUndefined();
    expect(s.crossLingual).toEqual({ correct: 1, total: 1, rate: 1 });
    expect(s.handover).toMatchObject({
      precision: 0.5,
      recall: 0.5,
      truePositives: 1,
      handedOver: 2,
      expected: 2,
    });
    expect(s.timing).toEqual({ p50: 4, p95: 8, max: 8 });
    expect(percentile([], 95)).toBe(0);
  });
});
