import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

/** A calendar day that exists (2024-02-29, not 2024-13-45), in the years a voucher log can hold. */
export function isCalendarDate(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, date));
  return (
    year >= 1970 &&
    year <= 2999 &&
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === date
  );
}

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.validation.dateFormat)
  .refine(isCalendarDate, messages.validation.date);

export const voucherListQuery = z.object({
  perPage: z.coerce.number().int().min(1).max(100).default(limits.voucherPageSize),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(100).optional(),
  orderBy: z.enum(['asc', 'desc']).optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
  export: z.enum(['true', 'false']).optional(),
});

/** Spec §3: username, orders[0] {orderId, items with item_name}, chatHistory[0] {response, create}. */
export const voucherEntry = z.object({
  id: z.string(),
  username: z.string(),
  voucherCode: z.string().nullable(),
  orders: z.array(z.object({ orderId: z.string(), items: z.array(z.object({ item_name: z.string() })) })),
  chatHistory: z.array(z.object({ response: z.string(), create: z.string() })),
});
export type VoucherEntry = z.infer<typeof voucherEntry>;

export const voucherPage = z.object({
  data: z.array(voucherEntry),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
  lastPage: z.number(),
});
