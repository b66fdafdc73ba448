import { z } from 'zod';

/** Error codes of the API and the HTTP status each maps to (DESIGN.md: API). */
export const errorStatus = {
  validation: 400,
  bad_json: 400,
  unauthenticated: 401,
  invalid_signature: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  upstream: 502,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Success envelope: `{ data: ... }`. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
