import { describe, expect, it } from 'vitest';
import { glossOf } from './facts.ts';

describe('glossOf', () => {
  it('reads money that is "returned" as a refund, not as goods to send back', () => {
    expect(glossOf('如果付款失败但银行已经扣款，款项一般会在3至5个工作天内自动退回。', 'en')).toContain(
      'refund',
    );
    expect(glossOf('如果付款失败但银行已经扣款，款项一般会在3至5个工作天内自动退回。', 'en')).not.toContain(
      'return',
    );
    expect(glossOf('The amount is returned to your card within 5 days.', 'ms')).toContain('bayaran balik');
  });

  it('keeps the return of goods, and both where a sentence names the refund too', () => {
    expect(glossOf('Returns must be requested within 7 days of receiving the parcel.', 'zh')).toContain(
      '退货',
    );
    expect(glossOf('退货寄回去之后要几天才退款？', 'en')).toEqual(
      expect.arrayContaining(['refund', 'return']),
    );
  });
});
