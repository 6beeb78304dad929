import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, pendingLimit, type Problem, type ProblemSink } from './errorReporter';

function setUp() {
  const captured: Problem[] = [];
  const sink: ProblemSink = { capture: (problem) => captured.push(problem) };
  let resolveLoad: (sink: ProblemSink) => void = () => undefined;
  const loadSink = vi.fn(
    () =>
      new Promise<ProblemSink>((resolve) => {
        resolveLoad = resolve;
      }),
  );
  const reporter = createErrorReporter(loadSink);
  return {
    reporter,
    captured,
    loadSink,
    finishLoading: async () => {
      resolveLoad(sink);
      await vi.waitFor(() => expect(loadSink).toHaveBeenCalled());
      await Promise.resolve();
    },
  };
}

describe('createErrorReporter', () => {
  it('loads nothing until the first problem', () => {
    const { loadSink } = setUp();
    expect(loadSink).not.toHaveBeenCalled();
  });

  it('loads the service at the first problem, only once, and sends what it held', async () => {
    const { reporter, loadSink, captured, finishLoading } = setUp();
    reporter.report({ error: new Error('first') });
    reporter.report({ error: new Error('second') });
    expect(loadSink).toHaveBeenCalledTimes(1);
    expect(captured).toEqual([]);
    await finishLoading();
    expect(captured.map(({ error }) => (error as Error).message)).toEqual(['first', 'second']);
    reporter.report({ error: new Error('third') });
    expect(captured).toHaveLength(3);
  });

  it(`holds at most ${pendingLimit} problems while the service loads`, async () => {
    const { reporter, captured, finishLoading } = setUp();
    for (let index = 0; index < pendingLimit + 5; index += 1) {
      reporter.report({ error: new Error(`problem ${index}`) });
    }
    await finishLoading();
    expect(captured).toHaveLength(pendingLimit);
    expect((captured[0]?.error as Error).message).toBe('problem 0');
  });

  it('drops what it held when the service cannot load, without throwing', async () => {
    const reporter = createErrorReporter(() => Promise.reject(new Error('offline')));
    expect(() => reporter.report({ error: new Error('lost') })).not.toThrow();
    await Promise.resolve();
  });
});
