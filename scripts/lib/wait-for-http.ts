/**
 * Resolves once `url` answers any HTTP response; rejects after `timeoutMs`, or as soon as `givenUp()`
 * says the server it waits for has gone.
 */
export async function waitForHttp(
  url: string,
  options: { timeoutMs: number; givenUp?: () => boolean },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (options.givenUp?.()) throw new Error(`Stopped waiting for ${url}.`);
    try {
      await fetch(url);
      return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${options.timeoutMs / 1000} s.`);
    await new Promise((done) => setTimeout(done, 100));
  }
}
