import type { ErrorBody } from '@balas/contracts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { tokenStore } from './storage.ts';

/** A failed call: the server's `{ error: { code, message, fields } }` with the HTTP status (0: no answer). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const networkErrorMessage = 'Cannot reach Balas. Check your connection and try again.';

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * Reads an error answer (the contract's `ErrorBody`, checked by hand so the dashboard's first load
 * carries no schema library); a body that is not our envelope still gives a usable error.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (!error || !isText(error.code) || !isText(error.message)) {
    return new ApiError(status, 'unknown', `The request failed (${status})`);
  }
  const fields = Object.fromEntries(Object.entries(error.fields ?? {}).filter(([, v]) => isText(v)));
  return new ApiError(status, error.code, error.message, fields);
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** Called when a call made with a token answers 401: the session is over. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** The answer as it is (a page with its cursor beside `data`), not its `data`. */
  whole?: boolean;
}

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

const authorization = (token: string | null): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

function requestBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

/** Calls the API: bearer token when stored, JSON in and out, `{ data }` unwrapped, failures as ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = tokenStore.get();
  const json = options.body !== undefined && !(options.body instanceof FormData);
  let res: Response;
  try {
    res = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: { ...authorization(token), ...(json ? { 'content-type': 'application/json' } : {}) },
      body: requestBody(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', networkErrorMessage);
  }
  const text = await res.text();
  const parsed = text ? parseJson(text) : null;
  if (!res.ok) {
    if (res.status === 401 && token) for (const listener of unauthorizedListeners) listener();
    throw toApiError(res.status, parsed);
  }
  if (options.whole) return parsed as T;
  return (parsed as { data: T } | null)?.data as T;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Puts the server's per-field messages on the form fields it knows. Answers the message to show
 * above the form when the error is not (only) about those fields, else null.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  let placed = false;
  for (const [field, message] of Object.entries(error.fields)) {
    const known = fields.find((f) => f === field);
    if (known) {
      setError(known, { type: 'server', message });
      placed = true;
    }
  }
  return placed ? null : error.message;
}

/** Downloads an authorized file (a new tab cannot send the bearer header) and opens or saves it. */
export async function openAuthorized(path: string, fileName: string, mode: 'open' | 'save' = 'open') {
  const res = await fetch(apiUrl(path), { headers: authorization(tokenStore.get()) });
  if (!res.ok) throw new ApiError(res.status, 'download', 'The file could not be downloaded');
  const url = URL.createObjectURL(await res.blob());
  if (mode === 'open') window.open(url, '_blank', 'noopener');
  else {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
