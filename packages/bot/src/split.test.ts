import { describe, expect, it } from 'vitest';
import { splitQuestions } from './split.ts';

describe('splitQuestions', () => {
  it('splits a message into its questions, at most three', () => {
    expect(splitQuestions('运费多少？可以分期付款吗？')).toEqual(['运费多少？', '可以分期付款吗？']);
    expect(
      splitQuestions('how much shipping to penang and can i pay cod? also XL for the baju kurung?'),
    ).toHaveLength(3);
  });

  it('keeps a statement with the question it explains', () => {
    expect(splitQuestions('can pay by instalment? my cart is RM200 on the website')).toEqual([
      'can pay by instalment? my cart is RM200 on the website',
    ]);
    expect(splitQuestions('my baby is 6 months. which size')).toEqual(['my baby is 6 months. which size']);
  });

  it('still takes a question opening with "is" or "can" for a question', () => {
    expect(splitQuestions('what is the shipping fee to sabah. is the stroller in stock')).toEqual([
      'what is the shipping fee to sabah.',
      'is the stroller in stock',
    ]);
  });
});
