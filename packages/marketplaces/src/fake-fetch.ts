/** A scripted fetch for tests: answers in order (the last one repeats) and records each request. */
export interface SentRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: string;
}

export type FakeAnswer = Response | Error | (() => Response | Promise<Response>);

export function fakeFetch(...answers: FakeAnswer[]) {
  const sent: SentRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    sent.push({
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : '',
    });
    const answer = answers[Math.min(sent.length, answers.length) - 1];
    if (answer === undefined) throw new Error('fakeFetch has no answer');
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : answer.clone();
  };
  return { fetch, sent };
}

/** A JSON response; a string body is sent as is (to write big integer literals). */
export const reply = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const noSleep = async (_ms: number) => {};
