import { describe, expect, it } from 'vitest';
import { sentAt } from './vouchers-page.tsx';

describe('voucher sent-at format', () => {
  it("is 'd-MMM h:mmaa' with lowercase am/pm", () => {
    expect(sentAt(new Date(2026, 9, 5, 15, 4).toISOString())).toBe('5-Oct 3:04pm');
    expect(sentAt(new Date(2026, 0, 12, 9, 30).toISOString())).toBe('12-Jan 9:30am');
  });
});
