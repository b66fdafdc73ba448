import { describe, expect, it } from 'vitest';
import { changeOf, judge, saysFact } from './evaluate.ts';

describe('saysFact', () => {
  it('finds a fact in any of its forms, spacing, case and width aside', () => {
    expect(saysFact('Delivery to Sabah is RM 12.00.', ['RM12'])).toBe(true);
    expect(saysFact('Penghantaran ke Sabah RM12', ['12 ringgit', 'rm12'])).toBe(true);
    expect(saysFact('寄到沙巴运费ＲＭ１２。', ['RM12'])).toBe(true);
    expect(saysFact('我们支持货到付款', ['货到付款'])).toBe(true);
  });

  it('does not take part of a number or word for the fact', () => {
    expect(saysFact('Delivery takes 17 days', ['7 days'])).toBe(false);
    expect(saysFact('We accept CODE payments', ['COD'])).toBe(false);
    expect(saysFact('anything', [])).toBe(false);
  });
});

describe('judge', () => {
  it('passes an answer saying every key fact, and names the facts missing', () => {
    const expected = { expect: 'answer' as const, facts: [['RM12'], ['3 days', '3 working days']] };
    expect(judge(expected, { text: 'RM12, 3 working days.', handedOver: false })).toEqual({
      passed: true,
      missing: [],
    });
    expect(judge(expected, { text: 'It is RM12.', handedOver: false })).toEqual({
      passed: false,
      missing: [['3 days', '3 working days']],
    });
    expect(judge(expected, { text: 'RM12, 3 days', handedOver: true }).passed).toBe(false);
  });

  it('passes "should hand over" on a handover only', () => {
    expect(judge({ expect: 'handover', facts: [] }, { text: 'x', handedOver: true }).passed).toBe(true);
    expect(judge({ expect: 'handover', facts: [] }, { text: 'x', handedOver: false }).passed).toBe(false);
  });
});

describe('changeOf', () => {
  it('tells was right, now wrong from the rest', () => {
    expect(changeOf(false, true)).toBe('regressed');
    expect(changeOf(true, false)).toBe('fixed');
    expect(changeOf(true, true)).toBe('same');
    expect(changeOf(true, undefined)).toBe('new');
  });
});
