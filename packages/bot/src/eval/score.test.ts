import { describe, expect, it } from 'vitest';
import type { AnswerResult } from '../types.ts';
import type { EvalQuestion } from './load-set.ts';
import { checkReplyLanguage, formatSummary, holds, percentile, scoreAnswer, summarize } from './score.ts';

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
  tags: [],
  expect,
  ...extra,
});

describe('scoreAnswer (strict README rules)', () => {
  const expectSource = q({ source: ['topic:Shipping', 'file:policy.txt'], contains: ['14.90', 'Sabah'] });
  const shipping = [source('topic', 'Shipping')];

  it('needs the expected source, every expected string and the shopper language', () => {
    expect(
      scoreAnswer(expectSource, result({ sources: shipping, text: 'RM14.90 to SABAH.' }), 1),
    ).toMatchObject({
      correct: true,
      lenient: true,
    });
    // The old lenient rule credited the source alone.
    const noFact = scoreAnswer(expectSource, result({ sources: shipping, text: 'We ship everywhere.' }), 1);
    expect(noFact).toMatchObject({ correct: false, lenient: true, why: 'missing "14.90", "Sabah"' });
    const wrongSource = scoreAnswer(
      expectSource,
      result({ sources: [source('topic', 'Payment')], text: 'RM14.90 Sabah' }),
      1,
    );
    expect(wrongSource.correct).toBe(false);
    const malay = scoreAnswer(
      expectSource,
      result({ sources: shipping, text: 'Caj pos ke Sabah ialah RM14.90 untuk pesanan anda.' }),
      1,
    );
    expect(malay).toMatchObject({ correct: false, why: 'not in en' });
  });

  it('takes a cross-lingual offline reply that opens in the shopper language and quotes only the fact', () => {
    const cross = q({ source: ['topic:Shipping'], contains: ['3 working'] }, { crossLingual: true });
    const good = 'West Malaysia: 1 to 3 working days. “西马一般1至3个工作天到货。”';
    expect(scoreAnswer(cross, result({ sources: shipping, text: good }), 1).correct).toBe(true);
    const leadIn =
      'Here is what our shop information says (in Chinese): 西马一般1至3个工作天到货，我们的会员每消费RM1得1分。';
    expect(scoreAnswer(cross, result({ sources: shipping, text: leadIn }), 1).correct).toBe(false);
    const extra = `${good} 会员每消费RM1得1分，积分有效期12个月。`;
    expect(scoreAnswer(cross, result({ sources: shipping, text: extra }), 1).correct).toBe(false);
    // A model must answer wholly in the shopper's language.
    expect(scoreAnswer(cross, result({ sources: shipping, text: good, composer: 'model' }), 1).correct).toBe(
      false,
    );
  });

  it('counts a handed-over answer as unanswered, and a handover question as right only when handed over', () => {
    const handedOver = result({ sources: shipping, handover: { reason: 'low_confidence' } });
    expect(scoreAnswer(expectSource, handedOver, 1)).toMatchObject({ correct: false, handedOver: true });
    const wantsHandover = q({ handover: true });
    expect(scoreAnswer(wantsHandover, handedOver, 1).correct).toBe(true);
    expect(scoreAnswer(wantsHandover, result({ sources: shipping }), 1).correct).toBe(false);
  });

  it('ignores product names when judging the language of a sentence', () => {
    const check = checkReplyLanguage('Baju Kurung Moden Budak Perempuan is RM45.00.', 'en', [
      'Baju Kurung Moden Budak Perempuan',
    ]);
    expect(check.foreign).toEqual([]);
    expect(checkReplyLanguage('Ya, boleh tukar saiz sekali sahaja.', 'en').opens).toBe(false);
  });
});

describe('summarize', () => {
  it('reports strict and lenient accuracy, per language, cross-lingual, multi-part, follow-up, handovers', () => {
    const outcomes = [
      scoreAnswer(
        q({ source: ['topic:A'] }, { language: 'ms', crossLingual: true, multiPart: true }),
        result({ sources: [source('topic', 'A')], text: 'Boleh.' }),
        2,
        { followUp: true },
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
    expect(s.lenient).toEqual({ correct: 2, total: 4, rate: 0.5 });
    expect(s.byLanguage.ms).toEqual({ correct: 1, total: 2, rate: 0.5 });
    expect(s.byLanguage.en).toBeUndefined();
    expect(s.crossLingual).toEqual({ correct: 1, total: 1, rate: 1 });
    expect(s.multiPart).toEqual({ correct: 1, total: 1, rate: 1 });
    expect(s.followUp).toEqual({ correct: 1, total: 1, rate: 1 });
    expect(s.handover).toMatchObject({
      precision: 0.5,
      recall: 0.5,
      truePositives: 1,
      handedOver: 2,
      expected: 2,
      falseRate: 0.5,
    });
    expect(s.timing).toEqual({ p50: 4, p95: 8, max: 8 });
    expect(percentile([], 95)).toBe(0);
  });
});

describe('the fields of the newer sets', () => {
  it('reads a list in contains as alternatives, and a figure never runs on into more digits', () => {
    expect(holds('Hitam dan putih', ['Black', 'Hitam'])).toBe(true);
    expect(holds('RM130 only', 'RM13')).toBe(false);
    expect(holds('RM13.90 only', 'RM13')).toBe(false);
    expect(holds('RM13.00 only', 'RM13')).toBe(true);
    expect(holds('RM13.05 only', 'RM13')).toBe(false);
    expect(holds('RM13, or RM15', 'RM13')).toBe(true);
    expect(holds('within 214 days', '14 days')).toBe(false);
    const right = scoreAnswer(
      q({ source: [], contains: [['Black', 'Hitam'], 'RM13'] }),
      result({ text: 'It comes in Hitam for RM13.' }),
      1,
    );
    expect(right.correct).toBe(true);
    const wrong = scoreAnswer(q({ source: [], contains: ['RM13'] }), result({ text: 'It is RM130.' }), 1);
    expect(wrong).toMatchObject({ correct: false, why: 'missing "RM13"' });
  });

  it('a "no" question opened with a yes is wrong even when the right sentence follows', () => {
    const expectNo = q({ source: [], contains: ['Tuesday'], polarity: 'no' });
    expect(scoreAnswer(expectNo, result({ text: 'Yes, closed on Tuesday.' }), 1)).toMatchObject({
      correct: false,
      why: 'opens with a yes',
    });
    expect(scoreAnswer(expectNo, result({ text: 'We are closed on Tuesday.' }), 1).correct).toBe(true);
    const zh = q({ source: [], contains: ['7'], polarity: 'no' }, { language: 'zh' });
    expect(scoreAnswer(zh, result({ text: '可以，7天内。', language: 'zh' }), 1).correct).toBe(false);
    // "不可以" opens with a no.
    expect(scoreAnswer(zh, result({ text: '不可以，7天后。', language: 'zh' }), 1).correct).toBe(true);
  });

  it('questions the knowledge does not cover are right when handed over, and stay outside the strict figure', () => {
    const outcomes = [
      scoreAnswer(q({ notCovered: true }), result({ handover: { reason: 'low_confidence' } }), 1),
      scoreAnswer(q({ notCovered: true }), result({ text: 'A neighbouring passage.' }), 1),
      scoreAnswer(q({ source: [], contains: ['RM8'] }), result({ text: 'RM8.' }), 1),
    ];
    expect(outcomes[1]).toMatchObject({ correct: false, why: 'answered anyway' });
    const s = summarize(outcomes);
    expect(s.notCovered).toEqual({ correct: 1, total: 2, rate: 0.5 });
    expect(s.accuracy).toEqual({ correct: 1, total: 1, rate: 1 });
    expect(s.handover.falseRate).toBe(0);
  });

  it('ranks the passage that holds the facts among the retrieved ones, and reports by tag', () => {
    const retrieved = [
      { kind: 'topic' as const, name: 'Payment', text: 'We take FPX.' },
      { kind: 'topic' as const, name: 'Delivery', text: 'Sabah RM15, West RM8.' },
    ];
    const second = scoreAnswer(
      q({ source: ['topic:Delivery'], contains: ['RM15'] }, { tags: ['price'] }),
      result({ text: 'RM15.', retrieved, sources: [source('topic', 'Delivery')] }),
      1,
    );
    expect(second.answerRank).toBe(2);
    const absent = scoreAnswer(q({ source: [], contains: ['RM99'] }), result({ text: '-', retrieved }), 1);
    expect(absent.answerRank).toBe(0);
    const s = summarize([second, absent]);
    expect(s.recall.at1).toEqual({ correct: 0, total: 2, rate: 0 });
    expect(s.recall.at5).toEqual({ correct: 1, total: 2, rate: 0.5 });
    expect(s.byTag.price).toEqual({ correct: 1, total: 1, rate: 1 });
    expect(formatSummary('set', s)).toContain('recall@1 0.0% (0/2), recall@5 50.0% (1/2)');
  });
});
