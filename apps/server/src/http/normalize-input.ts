import { InputTooDeepError, messages, normalizeInput } from '@balas/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * preValidation: every JSON body, query string and route parameter reaches validation with its text
 * normalized (NUL removed, unpaired surrogates replaced), so no handler, database or JSON writer
 * meets them; JSON nested beyond reason is a 400. Multipart fields are normalized where they are read.
 */
export async function normalizeRequestInput(request: FastifyRequest): Promise<void> {
  try {
    if (request.body !== undefined) request.body = normalizeInput(request.body);
    request.query = normalizeInput(request.query);
    request.params = normalizeInput(request.params);
  } catch (error) {
    if (error instanceof InputTooDeepError) throw new AppError('validation', messages.errors.tooDeep);
    throw error;
  }
}
