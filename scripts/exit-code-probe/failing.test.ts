import { expect, test } from 'vitest';

// Run only by scripts/prove-test-failures-fail.ts: a test that must fail, so that the command
// running it can be shown to exit non-zero.
test('the exit-code probe fails on purpose', () => {
  expect(1 + 1).toBe(3);
});
