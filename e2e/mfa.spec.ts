import type { Page } from '@playwright/test';
import { totpCode } from '@revolve/local-backend/testing';
import { expect, expectFailedRequests, test } from './fixtures';
import {
  createAccount,
  enrolAuthenticatorApp,
  latestEmailText,
  uniqueEmail,
} from './support/backend';
import { expectNoAxeViolationsAtBothWidths, setUpAuthenticatorApp, toast } from './support/page';

// Two-factor sign-in with an authenticator app, played by computing the codes from the secret the
// page shows (as a person who cannot scan the QR code would type it into their app).

const password = 'Welcome123';
const wrongCodeMessage = 'Incorrect code. Enter the 6-digit code your authenticator app shows now.';

/** A code the app showed ten minutes ago: well outside the one step either side that counts. */
const staleCode = (secret: string) => totpCode(secret, Date.now() - 10 * 60_000);

async function signInWithPassword(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function expectAxeCleanAtBothWidths(page: Page) {
  await expectNoAxeViolationsAtBothWidths(page);
}

test('a user enrols an authenticator app, signs out, signs in with password and code, removes it', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('mfa');
  await createAccount(email, password);

  // Signed out, the page sends the visitor to the login page and back.
  await page.goto('/account/security');
  await expect(page).toHaveURL('/login?return_to=%2Faccount%2Fsecurity');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL('/account/security');
  await expect(page).toHaveTitle('Account Security | Revolve');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account security');
  await expect(page.getByText(/^Off\./)).toBeVisible();
  await expectAxeCleanAtBothWidths(page);

  // Enrol: the QR code, and the secret as text.
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const panel = page.getByRole('region', { name: 'Set up your authenticator app' });
  await expect(
    panel.getByRole('img', { name: /^QR code for setting up two-factor sign-in/ }),
  ).toHaveAttribute('src', /^data:image\/svg\+xml/);
  const shownKey = await panel.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent();
  const secret = (shownKey ?? '').replaceAll(' ', '');
  expect(secret).toHaveLength(32);
  await expectAxeCleanAtBothWidths(page);

  const code = panel.getByRole('textbox', { name: 'Code from the app' });
  await code.fill(staleCode(secret));
  await panel.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(panel.getByText(wrongCodeMessage)).toBeVisible();
  await code.fill(totpCode(secret));
  await panel.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(toast(page, 'Two-factor sign-in is on')).toBeVisible();
  await expect(panel).toBeHidden();
  const apps = page.getByRole('list', { name: 'Your authenticator apps' });
  await expect(apps.getByText('Authenticator app', { exact: true })).toBeVisible();
  await expect(page.getByText(/^On\./)).toBeVisible();
  await expectAxeCleanAtBothWidths(page);

  // Sign out; the Profile menu leads back here.
  await page.getByRole('button', { name: 'Profile' }).click();
  await expect(page.getByRole('menuitem', { name: 'Account security' })).toHaveAttribute(
    'href',
    '/account/security',
  );
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toast(page, 'Signed out successfully')).toBeVisible();

  // Sign in: the password, then the code, then return_to.
  await page.goto('/account/security');
  await expect(page).toHaveURL('/login?return_to=%2Faccount%2Fsecurity');
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your code');
  await expect(page).toHaveURL('/login?return_to=%2Faccount%2Fsecurity');
  await expectAxeCleanAtBothWidths(page);
  const signInCode = page.getByRole('textbox', { name: 'Authentication code' });
  const typedCode = staleCode(secret);
  await signInCode.fill(typedCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(wrongCodeMessage)).toBeVisible();
  await expect(signInCode).toHaveValue(typedCode);
  await signInCode.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/account/security');
  await expect(toast(page, 'Signed in successfully!')).toBeVisible();

  // Remove the app, after a fresh code from it.
  await apps.getByRole('button', { name: 'Remove Authenticator app' }).click();
  const removalCode = apps.getByRole('textbox', { name: 'Code from the app' });
  await expect(removalCode).toBeFocused();
  await removalCode.fill(totpCode(secret));
  await apps.getByRole('button', { name: 'Remove app' }).click();
  await expect(
    toast(page, 'Authenticator app removed', 'Two-factor sign-in is off.'),
  ).toBeVisible();
  await expect(page.getByText(/^Off\./)).toBeVisible();
  await expect(apps).toBeHidden();

  // Without it, the password alone signs in again.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toast(page, 'Signed out successfully')).toBeVisible();
  await page.goto('/login?return_to=%2Fdashboard');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('link', { name: 'Account security' })).toHaveAttribute(
    'href',
    '/account/security',
  );

  // The two wrong codes were refused by the backend (422), which Chromium logs.
  expectFailedRequests(consoleErrors, [422]);
});

test('the way out of the code step signs out and shows the password step, return_to kept', async ({
  page,
}) => {
  const email = uniqueEmail('mfa-leave');
  await createAccount(email, password);
  await page.goto('/login?return_to=%2Faccount%2Fsecurity');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL('/account/security');
  await setUpAuthenticatorApp(page);
  await expect(toast(page, 'Two-factor sign-in is on')).toBeVisible();
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(toast(page, 'Signed out successfully')).toBeVisible();

  await page.goto('/login?return_to=%2Faccount%2Fsecurity');
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your code');
  // Not signed in yet: the header shows neither the bell nor the Profile menu.
  await expect(page.getByRole('button', { name: 'Profile' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out and start again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page).toHaveURL('/login?return_to=%2Faccount%2Fsecurity');
  await expect(page.getByRole('button', { name: 'Profile' })).toHaveCount(0);
});

test('on /trial-signup, a user with an authenticator app enters its code and the trial is requested', async ({
  page,
}) => {
  const email = uniqueEmail('mfa-trial');
  await createAccount(email, password);
  const secret = await enrolAuthenticatorApp(email, password);

  await page.goto('/trial-signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Request Free Trial' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank You!' })).toBeVisible();
  await expect(page).toHaveURL('/trial-signup');
});

test('after 5 wrong codes the account is locked: the code step says so, and the owner is e-mailed', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail('mfa-locked');
  await createAccount(email, password);
  const secret = await enrolAuthenticatorApp(email, password);

  await page.goto('/login');
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your code');
  const code = page.getByRole('textbox', { name: 'Authentication code' });
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await code.fill(staleCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(wrongCodeMessage)).toBeVisible();
    await code.fill('');
  }
  await code.fill(staleCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many incorrect codes.' })).toHaveText(
    'Too many incorrect codes. For your security, codes for this account are refused for the next 15 minutes. We have e-mailed you about it. Please wait, then sign in again.',
  );
  await expect(code).toHaveCount(0);
  await expectAxeCleanAtBothWidths(page);
  expect(await latestEmailText(email, 'Sign-in to your Revolve account was locked')).toContain(
    'Five incorrect codes from your authenticator app were entered',
  );

  // The right code is refused too, until the 15 minutes are over.
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await signInWithPassword(page, email);
  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Too many incorrect codes.' }),
  ).toBeVisible();
  expectFailedRequests(consoleErrors, [422, 403]);
});
