import { expect, test } from './fixtures';
import { formatLongDate } from '../src/lib/dates';
import {
  accounts,
  accountWithActiveTrial,
  learningProgressOf,
  signedInStorageState,
  uniqueEmail,
} from './support/backend';
import { expectNoAxeViolations, signedInAs } from './support/page';

const password = 'Learner1234';
// 16 minutes long; complete at 90% (learning_modules).
const slug = 'conflict-resolution';
const frameTitle = 'Conflict Resolution: 360 training';

test('a learner starts a trial module, the sample player reports, and the portal shows progress, the resume point and completion', async ({
  page,
  browser,
}) => {
  test.slow();
  const email = uniqueEmail('learner');
  await accountWithActiveTrial(email, password, 'Lena Learner');
  await signedInAs(page, email, password);
  // The player's timeline runs on timers: the clock plays minutes of training in moments.
  await page.clock.install();

  await page.goto(`/modules/trial/${slug}`);
  await page.getByRole('button', { name: 'Start Training' }).click();
  const player = page.frameLocator(`iframe[title="${frameTitle}"]`);
  await expect(player.getByRole('status')).toHaveText('Recording your progress');
  await player.getByRole('button', { name: 'Play' }).click();
  await page.clock.runFor(5 * 60_000);
  await player.getByRole('button', { name: 'Pause' }).click();
  // Five minutes, and the moments of real time the clock also lets pass between the steps.
  await expect(player.getByText(/^3[12]% watched$/)).toBeVisible();
  // Five minutes watched, counted by the LMS from the statements the player sent.
  await expect
    .poll(async () => (await learningProgressOf(email, password, slug))?.seconds_watched ?? 0)
    .toBeGreaterThanOrEqual(300);
  const watched = (await learningProgressOf(email, password, slug))?.seconds_watched ?? 0;
  expect(watched).toBeLessThan(330);

  // The dashboard's My learning shows it, and resumes it.
  await page.goto('/dashboard');
  const myLearning = page.getByRole('list', { name: 'Your modules' });
  const card = myLearning.getByRole('listitem').filter({ hasText: 'Conflict Resolution' });
  await expect(
    card.getByRole('progressbar', { name: 'Your progress in Conflict Resolution' }),
  ).toHaveAttribute('aria-valuenow', '31');
  await expect(card).toContainText('5 of 16 min');
  await expectNoAxeViolations(page);
  await card.getByRole('link', { name: 'Resume: Conflict Resolution' }).click();

  await expect(page).toHaveURL(`/modules/trial/${slug}`);
  await page.getByRole('button', { name: 'Resume Training' }).click();
  // Where the learner left off.
  await expect(player.getByText(/^5:[0-2]\d \/ 16:00$/)).toBeVisible();
  await expect(player.getByRole('status')).toHaveText('Recording your progress');
  await player.getByRole('button', { name: 'Play' }).click();
  await page.clock.runFor(10 * 60_000);
  await expect(player.getByRole('status')).toHaveText('Completed');
  await expect
    .poll(async () => (await learningProgressOf(email, password, slug))?.completed_at ?? null)
    .not.toBeNull();

  // The module now shows the completion date, and opens again for review.
  await page.goto(`/modules/trial/${slug}`);
  await expect(
    page.getByText(`Completed on ${formatLongDate(new Date().toISOString())}`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Watch Again' })).toBeEnabled();

  // Revolve's admins see the start and the completion on /admin/activity.
  const admin = await browser.newContext({
    storageState: await signedInStorageState(accounts.admin),
  });
  try {
    const activity = await admin.newPage();
    await activity.goto('/admin/activity');
    const learning = activity.getByRole('table', { name: /^Learning by module/ });
    const row = learning.getByRole('row').filter({ hasText: 'Conflict Resolution' });
    // Starts, completions, median minutes: other tests of this worker may have started it too.
    await expect(row.getByRole('cell').nth(0)).not.toHaveText('0');
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  } finally {
    await admin.close();
  }
});
