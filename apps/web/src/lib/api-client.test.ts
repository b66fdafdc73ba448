import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiUrl, applyFieldErrors, toApiError } from './api-client.ts';

describe('api client', () => {
  it('reads the error envelope into an ApiError', () => {
    const error = toApiError(400, {
      error: {
        code: 'validation',
        message: 'Some fields are not valid',
        fields: { name: 'Please enter a value' },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation',
      fields: { name: 'Please enter a value' },
    });
    expect(error.message).toBe('Some fields are not valid');
  });

  it('still gives an error for an answer that is not the envelope', () => {
    expect(toApiError(502, null)).toMatchObject({ status: 502, code: 'unknown', fields: {} });
  });

  it('puts field messages on the form fields it knows', () => {
    const setError = vi.fn();
    const error = new ApiError(400, 'validation', 'Some fields are not valid', {
      person_email: 'Please enter a valid email',
      other: 'x',
    });
    expect(applyFieldErrors(error, setError, ['person_email'])).toBeNull();
    expect(setError).toHaveBeenCalledWith('person_email', {
      type: 'server',
      message: 'Please enter a valid email',
    });
    expect(setError).toHaveBeenCalledTimes(1);
  });

  it('answers the message to show when no field takes it', () => {
    expect(applyFieldErrors(new ApiError(409, 'conflict', 'Taken'), vi.fn(), ['name'])).toBe('Taken');
  });

  it('builds addresses under /api without empty query values', () => {
    expect(apiUrl('/shopee/v1/1', { page_size: 20, next: undefined, q: '' })).toBe(
      '/api/shopee/v1/1?page_size=20',
    );
  });
});
