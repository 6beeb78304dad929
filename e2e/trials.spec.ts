import type { Page } from '@playwright/test';
import { expect, expectFailedRequests, test } from './fixtures';
import { expectNoAxeViolations, toast } from './support/page';
import {
  accountWithTrialRequest,
  approveTrialRequestOf,
  createAccount,
  signedInStorageState,
  uniqueEmail,
} from './support/backend';

const password = 'Trial1234';
const trialCard = (page: Page) => page.getByRole('region', { name: 'Your trial' });

const thankYou =
  'Thank you for signing up for the trial. A notification will arrive once your access has been approved.';

test.describe('the trial button', () => {
  test('visitors: a link to the trial sign-up, worded for the page', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('link', { name: 'Access the 30-Day Free Training Library Trial' });
    await expect(hero.first()).toHaveAttribute('href', '/trial-signup');
    await page.goto('/training-library');
    await expect(
      page.getByRole('link', { name: 'Access our VR Training Free for 30 days' }),
    ).toHaveAttribute('href', '/trial-signup');
  });

  test.describe('with an active trial', () => {
    test.use({ account: 'active@example.com' });
    test('opens the trial library', async ({ page }) => {
      await page.goto('/training-library');
      const button = page.getByRole('link', { name: 'View your Trial Training Library' });
      await expect(button).toHaveAttribute('href', '/training-library-trial');
      await button.click();
      await expect(page).toHaveURL('/training-library-trial');
      // The trial library wrote the marker that start-training gating reads.
      const marker = await page.evaluate(() => localStorage.getItem('revolve:trial:v1'));
      expect(JSON.parse(marker ?? '{}').exp).toBeGreaterThan(Date.now() + 19 * 86_400_000);
    });
  });

  test.describe('signed in as new@', () => {
    test.use({ account: 'new@example.com' });
    test('requests a trial: thanks that close after 30 s, then Already Requested', async ({
      page,
      consoleErrors,
    }) => {
      await page.clock.install();
      await page.goto('/');
      const button = page
        .getByRole('main')
        .getByRole('button', { name: 'Access the 30-Day Free Training Library Trial' })
        .first();
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Thank You!' });
      await expect(dialog).toContainText(thankYou);
      // The installed clock also runs in real time while the page and this test work (a busy
      // runner can take seconds), so the open check leaves it 5 s to spare.
      await page.clock.fastForward(25_000);
      await expect(dialog).toBeVisible();
      await page.clock.fastForward(5_000);
      await expect(dialog).toBeHidden();

      await button.click();
      await expect(
        toast(
          page,
          'Already Requested',
          'You have already submitted a trial request. Please wait for admin approval.',
        ),
      ).toBeVisible();
      expectFailedRequests(consoleErrors, [409]);
    });
  });
});

test.describe('/trial-signup', () => {
  test('signs in, files the request and confirms; the dialog leads to the training library', async ({
    page,
  }) => {
    const email = uniqueEmail('trial-form');
    await createAccount(email, password, 'Tess Trial');
    await page.goto('/trial-signup');
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await page.getByLabel('Email').fill(email);
    const passwordField = page.getByLabel('Password', { exact: true });
    await passwordField.fill(password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(passwordField).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Request Free Trial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thank You!' });
    await expect(dialog).toContainText(thankYou);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL('/training-library');
  });

  test('the confirmation page withholds the trial password until the trial is approved, then shows it live', async ({
    page,
  }) => {
    const email = uniqueEmail('trial-confirm');
    await createAccount(email, password, 'Cleo Confirm');
    await page.goto('/trial-signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Request Free Trial' }).click();
    await page.getByRole('link', { name: 'See your trial details' }).click();
    await expect(page).toHaveURL('/trial-signup/confirmation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thanks for signing up!');
    await expect(
      page.getByText(
        'Your trial password appears here as soon as your trial is approved. You will get a notification too; there is no need to reload this page.',
      ),
    ).toBeVisible();
    await expect(page.getByText('revolve360', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Approved while the page is open: the notification brings the password, without a reload.
    await approveTrialRequestOf(email);
    await expect(toast(page, 'Trial approved')).toBeVisible();
    // The local seed's value (supabase/seed.sql); it comes from the backend, never the bundle.
    await expect(page.getByText('revolve360', { exact: true })).toBeVisible();
    await expect(page.getByText(/as soon as your trial is approved/)).toHaveCount(0);
    await expect(
      page.getByRole('link', { name: 'Go to your Trial Training Library' }),
    ).toHaveAttribute('href', '/training-library-trial');
    await expectNoAxeViolations(page);
  });

  test('a wrong password: Login Failed, and the form keeps what was typed', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/trial-signup');
    await page.getByLabel('Email').fill('new@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
    await page.getByRole('button', { name: 'Request Free Trial' }).click();
    await expect(toast(page, 'Login Failed', 'Invalid login credentials')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('new@example.com');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Wrong1234');
    expectFailedRequests(consoleErrors, [400]);
  });

  test('an invalid form: Validation Error with the first message', async ({ page }) => {
    await page.goto('/trial-signup');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Request Free Trial' }).click();
    await expect(toast(page, 'Validation Error', 'Invalid email address')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toHaveCount(2);
  });

  test('signed in with a request already filed: Already Requested', async ({
    browser,
    consoleErrors,
  }) => {
    const email = uniqueEmail('trial-again');
    await accountWithTrialRequest(email, password, 'Ari Again');
    const context = await browser.newContext({
      storageState: await signedInStorageState(email, password),
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/trial-signup');
    await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Request Free Trial' }).click();
    await expect(
      toast(
        page,
        'Already Requested',
        'You have already submitted a trial request. Please wait for admin approval.',
      ),
    ).toBeVisible();
    await context.close();
    expectFailedRequests(consoleErrors, [409]);
  });
});

test.describe('the dashboard trial card', () => {
  const cases = [
    {
      account: 'active@example.com',
      texts: ['Active Trial', '20 days remaining', 'Active'],
      link: { name: 'View your Trial Training Library', href: '/training-library-trial' },
    },
    {
      account: 'expiring@example.com',
      texts: ['Active Trial', '3 days remaining', 'Expiring soon', 'Your trial is expiring soon'],
      link: { name: 'View your Trial Training Library', href: '/training-library-trial' },
    },
    {
      account: 'retrial@example.com',
      texts: ['Trial Expired'],
      link: { name: 'Request Re-trial', href: '/trial-signup' },
    },
    {
      account: 'expired@example.com',
      texts: ['Trial Expired', 'Please contact admin for continued access.'],
    },
    { account: 'pending@example.com', texts: ['Trial Request Pending'] },
  ];
  for (const { account, texts, link } of cases) {
    test.describe(account, () => {
      test.use({ account });
      test('sees the state of their trial', async ({ page }) => {
        await page.goto('/dashboard');
        const card = trialCard(page);
        for (const text of texts) await expect(card).toContainText(text);
        if (link)
          await expect(card.getByRole('link', { name: link.name })).toHaveAttribute(
            'href',
            link.href,
          );
        else await expect(card.getByRole('link')).toHaveCount(0);
        await expectNoAxeViolations(page);
      });
    });
  }

  test('a user without a trial: No Active Trial and Start Free Trial', async ({ browser }) => {
    const email = uniqueEmail('no-trial');
    await createAccount(email, password);
    const context = await browser.newContext({
      storageState: await signedInStorageState(email, password),
    });
    const page = await context.newPage();
    await page.goto('/dashboard');
    const card = trialCard(page);
    await expect(card).toContainText('No Active Trial');
    await expect(card.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
      'href',
      '/trial-signup',
    );
    await page.goto('/training-library-trial');
    await expect(
      page.getByText('Sign up for a trial to access the training modules.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /^Dementia/ })).toHaveCount(0);
    await context.close();
  });
});

test.describe('/training-library-trial', () => {
  test('visitors go to the login page with Access denied', async ({ page }) => {
    await page.goto('/training-library-trial');
    await expect(page).toHaveURL('/login?return_to=%2Ftraining-library-trial');
    await expect(
      toast(page, 'Access denied', 'Please sign in to access the trial library.'),
    ).toBeVisible();
  });

  test.describe('with an active trial', () => {
    test.use({ account: 'active@example.com' });
    test('shows the status and the three trial modules', async ({ page }) => {
      await page.goto('/training-library-trial');
      await expect(
        page.getByText(/^Your trial is active: 20 days remaining, until /),
      ).toBeVisible();
      const modules = page.getByRole('region', { name: 'Your trial modules' }).getByRole('link');
      await expect(modules).toHaveCount(3);
      for (const [index, slug] of ['dementia', 'womens-health', 'conflict-resolution'].entries())
        await expect(modules.nth(index)).toHaveAttribute('href', `/modules/trial/${slug}`);
      await expectNoAxeViolations(page);
    });
  });
});

test.describe('sign-out', () => {
  test.use({ account: 'expiring@example.com' });
  test('removes the trial marker', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(trialCard(page)).toContainText('3 days remaining');
    expect(await page.evaluate(() => localStorage.getItem('revolve:trial:v1'))).not.toBeNull();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    expect(await page.evaluate(() => localStorage.getItem('revolve:trial:v1'))).toBeNull();
  });
});
