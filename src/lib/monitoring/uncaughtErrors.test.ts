import { describe, expect, it, vi } from 'vitest';
import { listenForUncaughtErrors } from './uncaughtErrors';

describe('listenForUncaughtErrors', () => {
  it('reports thrown errors and rejected promises nothing caught', () => {
    const target = new EventTarget() as Window;
    const report = vi.fn();
    listenForUncaughtErrors(target, report);
    const thrown = new Error('thrown');
    target.dispatchEvent(new ErrorEvent('error', { error: thrown, message: thrown.message }));
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: 'rejected' });
    target.dispatchEvent(rejection);
    expect(report.mock.calls).toEqual([[{ error: thrown }], [{ error: 'rejected' }]]);
  });

  it("ignores a cross-origin script's error, which carries nothing but 'Script error.'", () => {
    const target = new EventTarget() as Window;
    const report = vi.fn();
    listenForUncaughtErrors(target, report);
    target.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(report).not.toHaveBeenCalled();
  });
});
