/**
 * Reads until `ok` holds or `ms` pass, then returns the last value read. A read that throws is
 * tried again until the deadline: what the shopper sends reaches the product a moment later,
 * so the conversation answers 404 until then.
 */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const outcome = await read().then(
      (value) => ({ value }),
      (error: unknown) => {
        if (Date.now() > deadline) throw error;
        return undefined;
      },
    );
    if (outcome && (ok(outcome.value) || Date.now() > deadline)) return outcome.value;
    await new Promise((r) => setTimeout(r, 200));
  }
}
