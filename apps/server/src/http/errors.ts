import { messages } from '@balas/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

const send = (
  reply: import('fastify').FastifyReply,
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
) => reply.status(status).send({ error: { code, message, ...(fields ? { fields } : {}) } });

/** One error handler: codes map to statuses; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.status, error.code, error.message, error.fields);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[key] ??= issue.message ?? messages.errors.validation;
      }
      const first = Object.values(fields)[0];
      return send(reply, 400, 'validation', first ?? messages.errors.validation, fields);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, 'bad_json', messages.errors.badJson);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return send(reply, 413, 'too_large', messages.errors.tooLarge);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return send(reply, 415, 'unsupported_type', 'This content type is not supported');
    }
    if (error instanceof SyntaxError) return send(reply, 400, 'bad_json', messages.errors.badJson);
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, 429, 'rate_limited', messages.auth.tooManyAttempts);
    if (status >= 400 && status < 500) {
      return send(reply, status, status === 404 ? 'not_found' : 'validation', error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'internal', messages.errors.internal);
  });
}
