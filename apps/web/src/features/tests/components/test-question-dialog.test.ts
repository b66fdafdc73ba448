import { describe, expect, it } from 'vitest';
import { factsToText, textToFacts } from './test-question-dialog.tsx';

describe('key facts as the merchant types them', () => {
  it('reads one fact a line, its other forms after "|", blank lines and forms dropped', () => {
    expect(textToFacts('RM12 | 12 ringgit\n\n  3 days |  | 3 working days \n|')).toEqual([
      ['RM12', '12 ringgit'],
      ['3 days', '3 working days'],
    ]);
  });

  it('writes them back the same way', () => {
    const facts = [['RM12', '12 ringgit'], ['Pos Laju']];
    expect(textToFacts(factsToText(facts))).toEqual(facts);
  });
});
