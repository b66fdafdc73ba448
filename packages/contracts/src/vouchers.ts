import { z } from 'zod';
import { limits } from './limits.ts';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

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
