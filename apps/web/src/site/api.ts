/** A failed call: the server's message and per-field messages (status 0: no answer). */
export class SiteApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.fields = fields;
  }
}

interface ErrorEnvelope {
  error?: { message?: unknown; fields?: Record<string, string> };
}

/** POSTs JSON to the API and answers `data`, as the dashboard's client does, in a few lines. */
export async function post<T>(path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new SiteApiError(0, 'Cannot reach Balas. Check your connection and try again.');
  }
  const json = (await res.json().catch(() => null)) as ({ data?: T } & ErrorEnvelope) | null;
  if (!res.ok) {
    const message = typeof json?.error?.message === 'string' ? json.error.message : '';
    throw new SiteApiError(res.status, message || `The request failed (${res.status})`, json?.error?.fields);
  }
  return json?.data as T;
}

/** The dashboard reads the session from here (spec §3: local storage key `token`). */
export const tokenKey = 'token';
export const signedIn = () => {
  try {
    return Boolean(localStorage.getItem(tokenKey));
  } catch {
    return false;
  }
};
