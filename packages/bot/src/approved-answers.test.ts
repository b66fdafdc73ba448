import { describe, expect, it } from 'vitest';
import {
  answerApproved,
  buildApprovedIndex,
  DEFAULT_APPROVED_THRESHOLD,
  matchApproved,
} from './approved-answers.ts';

const records = [
  { id: 'span', questions: ['How long is delivery to Sabah?'], answers: { en: '5 to 7 working days.' } },
  {
    id: 'fee',
    questions: ['How much is delivery to Sabah?'],
    answers: { en: 'RM12 to Sabah.', ms: 'RM12 ke Sabah.', zh: '寄到沙巴运费RM12。' },
  },
  { id: 'unused', questions: ['Can I return an unused item?'], answers: { en: 'Yes, within 7 days.' } },
  { id: 'cod', questions: ['Do you accept cash on delivery?'], answers: { en: 'Yes, COD is available.' } },
  { id: 'wrap', questions: ['Do you offer gift wrapping?'], answers: { en: 'Yes, RM3 per item.' } },
  {
    id: 'newborn',
    questions: ['Is the stroller suitable for newborns?'],
    answers: { en: 'Yes, from birth.' },
  },
];
const index = buildApprovedIndex(records);
const matched = (q: string) => matchApproved(q, index)?.record.id;

describe('approved answers: the same question', () => {
  it.each([
    ['how long does delivery to sabah take', 'span'],
    ['how much is shipping to sabah', 'fee'],
    ['hi boss, do you accept cash on delivery ya', 'cod'],
    ['COD available?', 'cod'],
    ['can you gift wrap it?', 'wrap'],
    ['can i return an unused item', 'unused'],
  ])('matches the paraphrase %j', (q, id) => expect(matched(q)).toBe(id));

  it.each([
    ['berapa lama penghantaran ke Sabah?', 'span'],
    ['寄到沙巴要多久？', 'span'],
    ['berapa caj penghantaran ke Sabah', 'fee'],
    ['寄到沙巴运费多少？', 'fee'],
    ['boleh COD?', 'cod'],
    ['可以货到付款吗？', 'cod'],
    ['有礼品包装吗？', 'wrap'],
    ['stroller ni sesuai untuk bayi baru lahir?', 'newborn'],
  ])('matches %j across languages', (q, id) => expect(matched(q)).toBe(id));
});

describe('approved answers: never a question that only shares words', () => {
  it.each([
    // same words, another ask
    ['how long is delivery to Sabah', 'span'],
    ['how much is delivery to Sabah', 'fee'],
  ])('keeps %j to its own kind of answer', (q, id) => {
    const only = buildApprovedIndex(records.filter((r) => r.id !== id));
    expect(matchApproved(q, only)).toBeUndefined();
  });

  it.each([
    'can I return a used item?',
    'do you deliver to Sabah?',
    'do you sell gift cards?',
    'is the car seat suitable for newborns?',
    'can I return an item that is not unused?',
    'I want to talk to a human about delivery to Sabah',
    'hello',
    '',
  ])('matches nothing for %j', (q) => expect(matched(q)).toBeUndefined());

  it('scores a near miss below the default threshold and a paraphrase above it', () => {
    const near = matchApproved('can I return a used item?', index, 0)?.score ?? 0;
    const same = matchApproved('boleh COD?', index, 0)?.score ?? 0;
    expect(near).toBeLessThan(DEFAULT_APPROVED_THRESHOLD);
    expect(same).toBeGreaterThanOrEqual(DEFAULT_APPROVED_THRESHOLD);
  });

  it('honours a stricter threshold', () => {
    expect(matchApproved('COD available?', index, 0.95)).toBeUndefined();
    expect(matchApproved('Do you accept cash on delivery?', index, 0.95)?.record.id).toBe('cod');
  });
});

describe('answerApproved', () => {
  it("replies in the shopper's language when the merchant wrote it, and says it was approved", () => {
    const reply = answerApproved('berapa caj penghantaran ke Sabah', index);
    expect(reply?.text).toBe('RM12 ke Sabah.');
    expect(reply?.language).toBe('ms');
    expect(reply?.sources[0]).toMatchObject({ kind: 'approved', id: 'fee', name: 'Approved answer' });
    expect(reply?.handover).toBeNull();
    expect(answerApproved('寄到沙巴运费多少？', index)?.text).toBe('寄到沙巴运费RM12。');
  });

  it('falls back to the language the merchant wrote it in', () => {
    const reply = answerApproved('berapa lama penghantaran ke Sabah?', index);
    expect(reply).toMatchObject({ text: '5 to 7 working days.', language: 'en' });
  });

  it('leaves a shopper asking for a person or angry to the handover', () => {
    expect(
      answerApproved('how much is delivery to sabah? I want to talk to a real person', index),
    ).toBeUndefined();
    expect(
      answerApproved('HOW MUCH IS DELIVERY TO SABAH?? this is ridiculous, terrible service!!!', index),
    ).toBeUndefined();
  });

  it('skips records without a question or an answer', () => {
    const empty = buildApprovedIndex([
      { id: 'x', questions: ['  '], answers: { en: 'a' } },
      { id: 'y', questions: ['Do you offer gift wrapping?'], answers: { en: ' ' } },
    ]);
    expect(empty.entries).toHaveLength(0);
  });
});
