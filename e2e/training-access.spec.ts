import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectFailedRequests, test } from './fixtures';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsAtBothWidths,
  signedInAs,
  toast,
} from './support/page';
import { modules, type ModuleDetails, type TrialModuleSlug } from '../src/content/modules';
import { details as conflictResolution } from '../src/content/moduleDetails/conflict-resolution';
import { details as dementia } from '../src/content/moduleDetails/dementia';
import { details as womensHealth } from '../src/content/moduleDetails/womens-health';
import {
  accountWithActiveTrial,
  accountWithTrialRequest,
  createAccount,
  deleteModuleUnlock,
  deleteRow,
  moduleUnlocksOf,
  playerBase,
  seededPassword,
  uniqueEmail,
  wrongUnlockAttempts,
} from './support/backend';

const activeTrialUser = 'active@example.com';
const password = 'Trial1234';

const instructions =
  'DOUBLE CLICK TO ENTER FULL SCREEN; TO LOOK AROUND, CLICK AND DRAG WITH YOUR MOUSE OR TRACKPAD; LOOK DOWN FOR THE NAVIGATION MENU.';
const incorrect = 'Incorrect password. Please try again.';

/**
 * In production the player is another host's page; what is scanned is the site around it. The local
 * sample player draws its panorama on every frame, which keeps axe's scan of the frame from ending.
 */
async function standInPlayer(page: Page) {
  await page.route(`${playerBase}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Player</title><p>Sample player</p></html>',
    }),
  );
}

/** A player address launched as cmi5: the module's address with the launch's parameters. */
function launchedAt(code: string): RegExp {
  const address = `${playerBase}/${code}/`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^${address}\\?endpoint=[^&]+&fetch=[^&]+&actor=[^&]+&registration=[0-9a-f-]{36}&activityId=`,
  );
}

/** Removes the lines the page logged on purpose (through the app's logger) for a provoked failure. */
function expectLogged(consoleErrors: string[], prefix: string) {
  const logged = consoleErrors.filter((line) => line.startsWith(prefix));
  expect(logged.length, `"${prefix}" was logged`).toBeGreaterThan(0);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((line) => !logged.includes(line)),
  );
}

const trialDetails: Record<TrialModuleSlug, ModuleDetails> = {
  dementia,
  'womens-health': womensHealth,
  'conflict-resolution': conflictResolution,
};

test.describe('trial module pages', () => {
  test.describe('with an active trial', () => {
    test.use({ account: activeTrialUser });

    for (const [slug, details] of Object.entries(trialDetails)) {
      test(`/modules/trial/${slug} shows the module, ready to start`, async ({ page }) => {
        await page.goto(`/modules/trial/${slug}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          modules[slug as TrialModuleSlug].title,
        );
        await expect(
          page.getByRole('link', { name: 'Back to your trial library' }),
        ).toHaveAttribute('href', '/training-library-trial');
        await expect(page.getByRole('button', { name: 'Start Training' })).toBeEnabled();
        await expect(page.getByText(instructions)).toHaveCount(0);
        await expect(page.locator('iframe')).toHaveCount(0);

        await expect(
          page.getByRole('heading', { level: 2, name: 'Learning outcomes' }),
        ).toBeVisible();
        for (const outcome of details.outcomes.flatMap((group) => group.items))
          await expect(page.getByText(outcome, { exact: true })).toBeVisible();
        for (const group of details.outcomes.filter((candidate) => candidate.heading))
          await expect(
            page.getByRole('heading', { level: 3, name: group.heading, exact: true }),
          ).toBeVisible();
        await expect(
          page.getByRole('heading', { level: 2, name: 'Supporting resources' }),
        ).toBeVisible();
        for (const group of details.resources.filter((candidate) => candidate.heading))
          await expect(
            page.getByRole('heading', { level: 3, name: group.heading, exact: true }),
          ).toBeVisible();
        for (const item of details.resources.flatMap((group) => group.items))
          await expect(
            item.href
              ? page.getByRole('link', { name: `${item.title} (opens in a new tab)`, exact: true })
              : page.getByText(item.title, { exact: true }),
          ).toBeVisible();
        await expect(
          page.getByRole('heading', { level: 2, name: 'Acknowledgements' }),
        ).toBeVisible();
        for (const line of details.acknowledgements)
          await expect(page.getByText(line)).toBeVisible();
      });
    }

    test('each module has what SPEC.md describes for it', async ({ page }) => {
      await page.goto('/modules/trial/dementia');
      for (const heading of [
        'Guidelines & Assessments',
        'Legal & Ethics',
        'Living with Dementia',
        'Management & Other',
      ])
        await expect(page.getByRole('heading', { level: 3, name: heading })).toBeVisible();
      await expect(page.getByText(/regional health board/)).toBeVisible();
      await expect(page.getByText(/health centres where it was made/)).toBeVisible();

      await page.goto('/modules/trial/womens-health');
      expect(womensHealth.outcomes.flatMap((group) => group.items)).toHaveLength(5);
      await expect(page.getByRole('heading', { level: 3, name: 'Decision Making' })).toBeVisible();
      await expect(page.getByText(/workforce academy/)).toBeVisible();

      await page.goto('/modules/trial/conflict-resolution');
      await expect(page.getByText(/three role-play scenarios/)).toBeVisible();
      await expect(page.getByText(/choose one of three responses/)).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 3, name: 'Communication models' }),
      ).toBeVisible();
      expect(conflictResolution.resources.flatMap((group) => group.items)).toHaveLength(2);
      await expect(page.getByText(/Funded by/)).toBeVisible();
    });

    test('Start Training records the unlock, then shows the instructions and the player', async ({
      page,
    }) => {
      await deleteModuleUnlock(activeTrialUser, 'conflict-resolution');
      await page.setViewportSize({ width: 2400, height: 1200 });
      await page.goto('/modules/trial/conflict-resolution');
      const start = page.getByRole('button', { name: 'Start Training' });
      await start.click();

      await expect(page.getByRole('button', { name: 'Training Started \u2713' })).toBeDisabled();
      await expect(page.getByText(instructions, { exact: true })).toBeVisible();
      const player = page.locator('iframe[title="Conflict Resolution: 360 training"]');
      await expect(player).toHaveAttribute('src', launchedAt('con'));
      await expect(player).toHaveAttribute('referrerpolicy', 'no-referrer');
      await expect(player).toHaveAttribute(
        'allow',
        'fullscreen; autoplay; clipboard-write; xr-spatial-tracking',
      );
      await expect(player).toHaveAttribute('allowfullscreen', '');
      // 16:9, never wider than 1920 px even on a wider screen.
      const box = await player.boundingBox();
      expect(box?.width).toBe(1920);
      expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 16 / 9)).toBeLessThan(0.01);

      expect(await moduleUnlocksOf(activeTrialUser)).toContain('conflict-resolution');
    });

    test('starting a module already recorded counts as started', async ({
      page,
      consoleErrors,
    }) => {
      // The seed has active@ on womens-health already: the insert ignores the duplicate (no 409).
      expect(await moduleUnlocksOf(activeTrialUser)).toContain('womens-health');
      await page.goto('/modules/trial/womens-health');
      await page.getByRole('button', { name: 'Start Training' }).click();
      await expect(page.getByRole('button', { name: 'Training Started \u2713' })).toBeDisabled();
      await expect(page.locator('iframe')).toHaveAttribute('src', launchedAt('wom'));
      expect(consoleErrors).toEqual([]);
    });
  });

  test('a failure to record returns to not started and says so', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('trial-start-fails');
    const { trialId } = await accountWithActiveTrial(email, password, 'Fay Fails');
    await signedInAs(page, email, password);
    // The header bell's code is held, and with it the live channel, whose join would read the
    // trial again and show the page without one: the page goes on believing the trial active.
    let releaseBell: () => void = () => {};
    const bellHeld = new Promise<void>((resolve) => (releaseBell = resolve));
    await page.route('**/assets/SignedInControls-*.js', async (route) => {
      await bellHeld;
      await route.continue();
    });
    await page.goto('/modules/trial/dementia');
    const start = page.getByRole('button', { name: 'Start Training' });
    await expect(start).toBeEnabled();

    // The trial ends while the page is open, unannounced: the database refuses the record.
    await deleteRow('active_trial_users', trialId);
    await start.click();
    await expect(toast(page, 'Error', 'Failed to record access. Please try again.')).toBeVisible();
    await expect(start).toBeEnabled();
    await expect(start).toBeFocused();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByText(instructions)).toHaveCount(0);
    expect(await moduleUnlocksOf(email)).toEqual([]);
    expectFailedRequests(consoleErrors, [403]);
    expectLogged(consoleErrors, 'Error recording module access:');
    releaseBell();
  });

  test('without an active trial the page says how to get one', async ({ page }) => {
    const email = uniqueEmail('no-trial');
    await createAccount(email, password, 'Nia Notrial');
    await signedInAs(page, email, password);
    await page.goto('/modules/trial/womens-health');
    await expect(
      page.getByRole('heading', { level: 2, name: 'This module needs an active trial' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Training' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Request Trial Access' }).click();
    await expect(page).toHaveURL('/trial-signup');
  });

  test('signed out, the login page returns to the module', async ({ page }) => {
    await page.goto('/modules/trial/dementia');
    await expect(page).toHaveURL(
      `/login?return_to=${encodeURIComponent('/modules/trial/dementia')}`,
    );
  });

  test('no accessibility violations before and after starting', async ({ page }) => {
    // Four scans of a long page.
    test.slow();
    const email = uniqueEmail('trial-axe');
    await accountWithActiveTrial(email, password, 'Axel Axe');
    await signedInAs(page, email, password);
    await standInPlayer(page);
    await page.goto('/modules/trial/conflict-resolution');
    await expect(page.getByRole('button', { name: 'Start Training' })).toBeEnabled();
    await expect(page.getByRole('heading', { level: 2, name: 'Acknowledgements' })).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
    await page.getByRole('button', { name: 'Start Training' }).click();
    await expect(page.getByRole('button', { name: 'Training Started \u2713' })).toBeDisabled();
    await expect(page.getByRole('region', { name: 'Your training' })).toBeFocused();
    await expectNoAxeViolationsAtBothWidths(page);
  });

  test('no accessibility violations without a trial', async ({ page }) => {
    const email = uniqueEmail('no-trial-axe');
    await createAccount(email, password, 'Nell Notrial');
    await signedInAs(page, email, password);
    await page.goto('/modules/trial/dementia');
    await expect(page.getByRole('link', { name: 'Request Trial Access' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('/unlock/:slug', () => {
  test('signed out, it sends the visitor to sign in and back', async ({ page }) => {
    await page.goto('/unlock/dementia');
    await expect(page).toHaveURL(`/login?return_to=${encodeURIComponent('/unlock/dementia')}`);
    await page.getByLabel('Email').fill(activeTrialUser);
    await page.getByLabel('Password', { exact: true }).fill(seededPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/unlock/dementia');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dementia');
    await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();
  });

  test.describe('signed in', () => {
    test.use({ account: activeTrialUser });

    test('before unlocking: the form and the locked player area', async ({ page }) => {
      await page.goto('/unlock/home-visits');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home Visits');
      // A code or the shared trial password shows as typed: nothing to reveal.
      const field = page.getByLabel('Trial password or access code');
      await expect(field).toHaveAttribute('type', 'text');
      await expect(field).toHaveAccessibleDescription(
        "Enter the password from your trial confirmation page, or your organisation's access code (for example ABCD-EFGH-JKMN). A code makes you a member of its organisation, which then sees your name, e-mail address and progress on the modules it gives you.",
      );
      await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(0);
      await expect(
        page.getByText('Enter the password above to unlock the training.'),
      ).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Back to Home Visits' })).toHaveAttribute(
        'href',
        '/modules/home-visits',
      );
    });

    const accepted = [
      { typed: '  ReVoLvE360  ', slug: 'chronic-pain', code: 'chr', title: 'Chronic Pain' },
      {
        typed: ' REVOVLE360 ',
        slug: 'group-diabetes',
        code: 'dia',
        title: 'Group Clinics: Diabetes',
      },
    ];
    for (const { typed, slug, code, title } of accepted) {
      test(`unlocks with "${typed}" (case and spaces ignored) and loads the player`, async ({
        page,
      }) => {
        await page.goto(`/unlock/${slug}`);
        const field = page.getByLabel('Trial password or access code');
        await field.fill(typed);
        await page.getByRole('button', { name: 'Unlock' }).click();

        await expect(page.getByRole('button', { name: 'Unlocked \u2713' })).toBeDisabled();
        await expect(field).toBeDisabled();
        const player = page.locator(`iframe[title="${title}: 360 training"]`);
        await expect(player).toHaveAttribute('src', launchedAt(code));
        await expect(player).toHaveAttribute('referrerpolicy', 'no-referrer');
        await expect(
          page.getByText('Enter the password above to unlock the training.'),
        ).toHaveCount(0);
        await expect(
          page.getByRole('status').filter({ hasText: 'Training unlocked.' }),
        ).toBeAttached();
        await expect(page.getByRole('alert')).toHaveCount(0);
        expect(await moduleUnlocksOf(activeTrialUser)).toContain(slug);
      });
    }

    test("'Checking...' while the password is checked", async ({ page }) => {
      await page.goto('/unlock/advanced-dementia');
      // Hold the answer back until the busy state has been seen.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/rest/v1/rpc/unlock_module', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByLabel('Trial password or access code').fill('revolve360');
      await page.getByRole('button', { name: 'Unlock' }).click();
      await expect(page.getByRole('button', { name: 'Checking...' })).toBeDisabled();
      release();
      await expect(page.getByRole('button', { name: 'Unlocked \u2713' })).toBeDisabled();
    });

    test("?error=badpass shows 'Incorrect password. Please try again.' at once", async ({
      page,
    }) => {
      await page.goto('/unlock/social-justice?error=badpass');
      await expect(page.getByRole('alert')).toHaveText(incorrect);
      await expect(page.getByRole('button', { name: 'Unlock' })).toBeEnabled();
      await expect(page.locator('iframe')).toHaveCount(0);
    });

    test("an empty password: 'Password is required', and nothing is sent", async ({ page }) => {
      const calls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/rpc/unlock_module')) calls.push(request.url());
      });
      await page.goto('/unlock/group-menopause');
      await page.getByRole('button', { name: 'Unlock' }).click();
      const field = page.getByLabel('Trial password or access code');
      await expect(page.getByText('Password is required')).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toBeFocused();
      await field.fill('   ');
      await page.getByRole('button', { name: 'Unlock' }).click();
      await expect(page.getByText('Password is required')).toBeVisible();
      expect(calls).toEqual([]);
    });
  });

  // Wrong passwords count towards the ten-in-ten-minutes limit: each test has an account of its own.
  test('no accessibility violations: the form, its messages, and once unlocked', async ({
    page,
  }) => {
    // Five scans.
    test.slow();
    const email = uniqueEmail('unlock-axe');
    await accountWithActiveTrial(email, password, 'Ada Axe');
    await signedInAs(page, email, password);
    await standInPlayer(page);
    await page.goto('/unlock/womens-health');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expectNoAxeViolations(page);
    const field = page.getByLabel('Trial password or access code');
    await field.fill('not-the-password');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('alert')).toHaveText(incorrect);
    await expectNoAxeViolationsAtBothWidths(page);
    await field.fill('revolve360');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('button', { name: 'Unlocked \u2713' })).toBeDisabled();
    await expect(page.getByRole('region', { name: 'Training' })).toBeFocused();
    await expectNoAxeViolationsAtBothWidths(page);
  });

  test('a wrong password is refused, keeps what was typed, and the right one still works', async ({
    page,
  }) => {
    const email = uniqueEmail('unlock-wrong');
    await accountWithActiveTrial(email, password, 'Wren Wrong');
    await signedInAs(page, email, password);
    await page.goto('/unlock/dementia');
    const field = page.getByLabel('Trial password or access code');
    await field.fill('revolve361');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('alert')).toHaveText(incorrect);
    await expect(field).toHaveValue('revolve361');
    await expect(field).toBeEnabled();
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(await moduleUnlocksOf(email)).toEqual([]);

    await field.fill('Revolve360');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('button', { name: 'Unlocked \u2713' })).toBeDisabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await moduleUnlocksOf(email)).toEqual(['dementia']);
  });

  // Refusals other than a wrong answer are not guesses: each says why, in the server's words.
  const refusals = [
    {
      who: 'a trial awaiting approval',
      account: (email: string) => accountWithTrialRequest(email, password, 'Pat Pending'),
      typed: 'revolve360',
      message: 'Your trial is awaiting approval. You can unlock modules once it is active.',
    },
    {
      who: 'no trial',
      account: (email: string) => createAccount(email, password, 'Nat Notrial'),
      typed: 'Revovle360',
      message:
        "This password works during an active trial. Request a free trial, or enter your organisation's access code.",
    },
    {
      who: 'no trial, with an expired access code',
      account: (email: string) => createAccount(email, password, 'Ezra Expired'),
      // The local seed's expired code (supabase/README.md), in another case and without dashes.
      typed: 'past date 6789',
      message: 'This access code has expired. Please ask your organisation for a new one.',
    },
  ];
  for (const { who, account, typed, message } of refusals) {
    test(`with ${who}, "${typed}" is refused with the reason, and the form keeps it`, async ({
      page,
    }) => {
      const email = uniqueEmail('unlock-refused');
      await account(email);
      await signedInAs(page, email, password);
      await page.goto('/unlock/advanced-dementia');
      const field = page.getByLabel('Trial password or access code');
      await field.fill(typed);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await expect(page.getByRole('alert')).toHaveText(message);
      await expect(field).toHaveValue(typed);
      await expect(field).toBeEnabled();
      await expect(page.locator('iframe')).toHaveCount(0);
      await expect(
        page.getByText('Enter the password above to unlock the training.'),
      ).toBeVisible();
      expect(await moduleUnlocksOf(email)).toEqual([]);
    });
  }

  test.describe('after the trial has ended', () => {
    test.use({ account: 'expired@example.com' });

    test('the trial password is refused: the trial has ended', async ({ page }) => {
      await page.goto('/unlock/chronic-pain');
      await page.getByLabel('Trial password or access code').fill('revolve360');
      await page.getByRole('button', { name: 'Unlock' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Your trial has ended. Please contact us for continued access.',
      );
      await expect(page.locator('iframe')).toHaveCount(0);
    });
  });

  test("after ten wrong passwords the server's message asks the user to wait", async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('unlock-blocked');
    await createAccount(email, password, 'Gus Guesser');
    await wrongUnlockAttempts(email, password, 10);
    await signedInAs(page, email, password);
    await page.goto('/unlock/dementia');
    const field = page.getByLabel('Trial password or access code');
    await field.fill('revolve360');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    await expect(field).toHaveValue('revolve360');
    await expect(page.locator('iframe')).toHaveCount(0);
    expectFailedRequests(consoleErrors, [429]);
    expectLogged(consoleErrors, 'Error unlocking module:');
  });
});

test('no unlock password is anywhere in the built site', () => {
  const dist = new URL('../dist/', import.meta.url);
  const files = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath}/${entry.name}`);
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(10);
  const found = files.filter((file) =>
    readFileSync(file, 'utf8')
      // The how-it-works page for Revolve 360 is named like one of them (route, chunk, copy key).
      .replace(/how-?it-?works-?revolve360/gi, '')
      .match(/revolve360|revovle360/i),
  );
  expect(found).toEqual([]);
});
