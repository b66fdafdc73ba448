import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

const v = messages.validation;

/** A catalogue product as search shows it (spec §3: productId, productInfo {name, image}). */
export const product = z.object({
  productId: z.string(),
  productInfo: z.object({
    name: z.string(),
    image: z.string().nullable(),
    images: z.array(z.string()),
    price: z.string().nullable(),
    currency: z.string().nullable(),
  }),
});
export type Product = z.infer<typeof product>;

export const productSearchQuery = z.object({
  search: z.string().trim().max(100).default(''),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(limits.productSearchPageSize)
    .default(limits.productSearchPageSize),
});

/** Characters of a product information entry's question and answer. */
export const productInfoLimits = { title: 300, description: 2000 } as const;
const max = productInfoLimits;

export const additionalInfo = z.object({
  title: z.string({ error: v.required }).trim().min(1, v.required).max(max.title, v.tooLong(max.title)),
  description: z
    .string({ error: v.required })
    .trim()
    .min(1, v.required)
    .max(max.description, v.tooLong(max.description)),
});

export const productInfoBody = z.object({
  productId: z.array(z.string().min(1).max(64)).min(1, messages.validation.required).max(100),
  additionalInfo: z.array(additionalInfo).min(1, messages.validation.required).max(20),
});
export type ProductInfoBody = z.input<typeof productInfoBody>;

export const productIdsBody = z.object({ productId: z.array(z.string().min(1).max(64)).min(1).max(500) });

/** One card of the existing info list: products that share the same entries. */
export const productInfoRecord = z.object({
  id: z.array(z.string()),
  info: z.array(product),
  additionalInfo: z.array(z.object({ id: z.string(), title: z.string(), description: z.string() })),
  updatedAt: z.string(),
});
export type ProductInfoRecord = z.infer<typeof productInfoRecord>;
