import { expect, test } from '@playwright/test';

// Run only by scripts/prove-test-failures-fail.ts (see failing.test.ts).
test('the exit-code probe fails on purpose', () => {
  expect(1 + 1).toBe(3);
});
