import { type ErrorCode, errorStatus } from '@balas/contracts';

/** The one error type of the server; the error handler maps `code` to the HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.fields = fields;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (message = 'Not found') => new AppError('not_found', message);
