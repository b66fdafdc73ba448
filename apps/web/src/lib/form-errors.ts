import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/** Puts the server's per-field messages on the form's fields; answers the message to show otherwise. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: string[],
) {
  if (error instanceof ApiError) {
    let placed = false;
    for (const [field, message] of Object.entries(error.fields)) {
      if (fields.includes(field)) {
        setError(field as Path<T>, { type: 'server', message });
        placed = true;
      }
    }
    return placed ? null : error.message;
  }
  return (error as Error).message ?? 'Something went wrong';
}
