import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
}

/**
 * Answers are written by a serializer compiled from the route's zod response schema (through its
 * JSON Schema): only the declared fields go out, without re-parsing every answer through zod, which
 * was a tenth of the server's work on the inbox reads. With `checkAnswers` (tests, development) each
 * answer is also parsed by the zod schema and the two writings must be identical, so a route that
 * drifts from its contract, or a schema the compiler reads differently, fails there.
 */
export function compileResponseSerializer(checkAnswers: boolean) {
  return ({ schema, method, url }: RouteSchema) => {
    const zodSchema = schema as z.ZodType;
    const stringify = fastJson(
      z.toJSONSchema(zodSchema, { io: 'output', unrepresentable: 'any' }) as Parameters<typeof fastJson>[0],
    );
    if (!checkAnswers) return (data: unknown) => stringify(data);
    return (data: unknown) => {
      const parsed = z.safeEncode(zodSchema, data);
      if (parsed.error) throw new ResponseSerializationError(method, url, { cause: parsed.error });
      const written = stringify(data);
      const expected = JSON.stringify(parsed.data);
      if (written !== expected) {
        throw new Error(`${method} ${url}: the compiled serializer wrote ${written}, the schema ${expected}`);
      }
      return written;
    };
  };
}
