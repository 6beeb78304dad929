import type { Page } from '@playwright/test';
import { expect, expectFailedRequests, test } from './fixtures';
import { toast } from './support/page';
import {
  accounts,
  createAccount,
  latestEmailText,
  seededPassword,
  signedInStorageState,
  uniqueEmail,
} from './support/backend';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function openProfileMenu(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
  return page.getByRole('menu');
}

test.describe('sign up', () => {
  test('shows each rule, then creates the account and signs the user in', async ({ page }) => {
    await page.goto('/signup');
    const create = page.getByRole('button', { name: 'Create account' });

    await create.click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
    // The first invalid field takes focus.
    await expect(page.getByLabel('Name')).toBeFocused();

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('lowercase1');
    await expect(
      page.getByText('Password must contain at least one uppercase letter'),
    ).toBeVisible();
    await password.fill('UPPERCASE1');
    await expect(
      page.getByText('Password must contain at least one lowercase letter'),
    ).toBeVisible();
    await password.fill('NoNumbersHere');
    await expect(page.getByText('Password must contain at least one number')).toBeVisible();
    // Errors are red and tied to their field.
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Password must contain at least one number')).toHaveCSS(
      'color',
      'rgb(184, 30, 30)',
    );

    const email = uniqueEmail('signup');
    await page.getByLabel('Name').fill('Sam Signup');
    await page.getByLabel('Email').fill(`  ${email}  `);
    await password.fill('Welcome123');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'terms and conditions' }),
    ).toHaveAttribute('href', '/terms-and-conditions');

    await create.click();
    await expect(page).toHaveURL('/');
    await expect(toast(page, 'Account created successfully!')).toBeVisible();
    const menu = await openProfileMenu(page);
    await expect(menu).toContainText(email);
  });

  test('an address already registered fails with the provider message, keeping the form', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Alex Again');
    await page.getByLabel('Email').fill(accounts.admin);
    await page.getByLabel('Password', { exact: true }).fill('Welcome123');
    await page.getByRole('checkbox', { name: /I accept/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(toast(page, 'Sign up failed', 'User already registered')).toBeVisible();
    await expect(page).toHaveURL('/signup');
    await expect(page.getByLabel('Name')).toHaveValue('Alex Again');
    await expect(page.getByLabel('Email')).toHaveValue(accounts.admin);
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expectFailedRequests(consoleErrors, [422]);
  });
});

test.describe('sign in and out', () => {
  test('a wrong password fails with a toast; the right one returns to the page asked for', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('signin');
    await createAccount(email, 'Correct123');

    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?return_to=%2Fdashboard');

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await fillLogin(page, email, 'Wrong1234');
    await expect(toast(page, 'Sign in failed', 'Invalid login credentials')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Wrong1234');

    await page.getByLabel('Password', { exact: true }).fill('Correct123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(toast(page, 'Signed in successfully!')).toBeVisible();
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();

    // Logout from the Profile menu: home, with a confirmation, and the Login link back.
    const menu = await openProfileMenu(page);
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(toast(page, 'Signed out successfully')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?return_to=%2Fdashboard');
    expectFailedRequests(consoleErrors, [400]);
  });

  test('a return_to that leaves the site is ignored', async ({ page }) => {
    const email = uniqueEmail('return-to');
    await createAccount(email, 'Correct123');
    await page.goto('/login?return_to=//evil.example/phish');
    await fillLogin(page, email, 'Correct123');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  });

  test('a return_to whose dot segments make it protocol-relative goes home, signed in', async ({
    page,
  }) => {
    const email = uniqueEmail('return-to-dots');
    await createAccount(email, 'Correct123');
    await page.goto('/login');
    await fillLogin(page, email, 'Correct123');
    await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
    for (const returnTo of ['/.//evil.example', '/a/..//evil.example', '/%2e%2e/\\evil.example']) {
      await page.goto(`/login?return_to=${encodeURIComponent(returnTo)}`);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Immersive VR Training');
    }
  });

  test('the busy button reads "Signing in..." and cannot be pressed twice', async ({ page }) => {
    const email = uniqueEmail('busy');
    await createAccount(email, 'Correct123');
    await page.goto('/login');
    // Hold the sign-in request until the busy state has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/auth/v1/token?grant_type=password', async (route) => {
      await held;
      await route.continue();
    });
    await fillLogin(page, email, 'Correct123');
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL('/');
  });

  test('when the service cannot be reached the toast says so, and nothing typed is lost', async ({
    page,
    consoleErrors,
  }) => {
    await page.route('**/auth/v1/token?grant_type=password', (route) => route.abort());
    await page.goto('/login');
    await fillLogin(page, 'someone@example.com', 'Typed1234');
    await expect(toast(page, 'Sign in failed', 'Failed to fetch')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Typed1234');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    // Chromium reports the aborted request, and supabase-js the fetch failure it turned into a message.
    expect(consoleErrors.filter((line) => !/net::ERR_FAILED|Failed to fetch/.test(line))).toEqual(
      [],
    );
    consoleErrors.length = 0;
  });

  test('the Dashboard offers the quick actions, and Sign Out', async ({ page }) => {
    const email = uniqueEmail('dashboard');
    await createAccount(email, 'Correct123');
    await page.goto('/login?return_to=/dashboard');
    await fillLogin(page, email, 'Correct123');
    await expect(heading(page)).toHaveText('Dashboard');
    await expect(page.getByRole('link', { name: 'Browse All Training Modules' })).toHaveAttribute(
      'href',
      '/training-library',
    );
    await expect(page.getByRole('link', { name: 'Book a Demo', exact: true })).toHaveAttribute(
      'href',
      '/book-demo',
    );
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    await expect(toast(page, 'Signed out successfully')).toBeVisible();
  });
});

test.describe('sessions', () => {
  test('survive a reload and are shared by every tab', async ({ page, context }) => {
    const email = uniqueEmail('tabs');
    await createAccount(email, 'Correct123');
    await page.goto('/login');
    await fillLogin(page, email, 'Correct123');
    await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();

    const second = await context.newPage();
    await second.goto('/dashboard');
    await expect(second.getByText(`Welcome, ${email}`)).toBeVisible();

    // Signing out in one tab signs the other out too.
    await (await openProfileMenu(second)).getByRole('menuitem', { name: 'Logout' }).click();
    await expect(second.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('Logout on one device ends the session on the others too', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    const email = uniqueEmail('devices');
    await createAccount(email, 'Correct123');
    // This device: signed in through the form.
    await page.goto('/login');
    await fillLogin(page, email, 'Correct123');
    await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();

    // Another device (its own browser, its own session) logs out.
    const other = await browser.newContext({
      storageState: await signedInStorageState(email, 'Correct123'),
    });
    const otherPage = await other.newPage();
    await otherPage.goto('/dashboard');
    await expect(otherPage.getByText(`Welcome, ${email}`)).toBeVisible();
    await (await openProfileMenu(otherPage)).getByRole('menuitem', { name: 'Logout' }).click();
    await expect(toast(otherPage, 'Signed out successfully')).toBeVisible();
    await other.close();

    // Two hours on, this device's access token (an hour's lifetime) has expired: renewing the
    // session is refused, because Logout ended it everywhere, and the user is signed out.
    await page.clock.install({ time: Date.now() + 2 * 60 * 60 * 1000 });
    await page.reload();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Profile' })).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?return_to=%2Fdashboard');
    expectFailedRequests(consoleErrors, [400]);
  });

  test('a tab that never loaded the sign-in code notices a sign-in in another tab', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('late-tab');
    await createAccount(email, 'Correct123');
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    const second = await context.newPage();
    await second.goto('/login');
    await fillLogin(second, email, 'Correct123');
    await expect(second.getByRole('button', { name: 'Profile' })).toBeVisible();

    await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  });
});

test('before the app has run, Sign in cannot send the form (it would put the password in the address)', async ({
  page,
}) => {
  // The prerendered page as it stands while its code is still on the way (held, never answered).
  await page.route('**/assets/*.js', () => undefined);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL('/login');
});

test.describe('password reset', () => {
  test('from the e-mail link to signing in with the new password', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('reset');
    await createAccount(email, 'Original123');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(heading(page)).toHaveText('Reset your password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(heading(page)).toHaveText('Check Your Email');
    await expect(heading(page)).toBeFocused();
    await expect(toast(page, 'Reset link sent!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/login',
    );
    // Try Again returns to the form with the address kept.
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    const text = await latestEmailText(email, 'Reset Your Password');
    const link = /https?:\/\/\S+\/auth\/v1\/verify\S+/.exec(text)?.[0];
    expect(link, 'the reset link in the e-mail').toBeDefined();
    await page.goto(link ?? '');
    await expect(page).toHaveURL('/change-password');
    await expect(heading(page)).toHaveText('Set a new password');

    const checklist = page.getByRole('list', { name: 'Password requirements' });
    const item = (label: string) => checklist.getByRole('listitem').filter({ hasText: label });
    const newPassword = page.getByLabel('New password');
    await expect(item('At least 8 characters')).toContainText('(not met)');
    await newPassword.fill('a');
    await expect(item('Contains lowercase letter')).toContainText('(met)');
    await expect(item('Contains uppercase letter')).toContainText('(not met)');
    await newPassword.fill('aB3');
    await expect(item('Contains uppercase letter')).toContainText('(met)');
    await expect(item('Contains number')).toContainText('(met)');
    await expect(item('At least 8 characters')).toContainText('(not met)');
    await newPassword.fill('Changed123');
    await expect(item('At least 8 characters')).toContainText('(met)');

    await page.getByLabel('Confirm password').fill('Changed124');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm password').fill('Changed123');
    await page.getByRole('button', { name: 'Update password' }).click();

    await expect(page).toHaveURL('/login');
    await expect(toast(page, 'Password changed successfully!')).toBeVisible();
    await fillLogin(page, email, 'Original123');
    await expect(toast(page, 'Sign in failed', 'Invalid login credentials')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('Changed123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
    expectFailedRequests(consoleErrors, [400]);

    // The link works once: followed again (signed out), it explains and offers the login page.
    await (await openProfileMenu(page)).getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto(link ?? '');
    await expect(
      toast(page, 'Update password failed', 'Email link is invalid or has expired'),
    ).toBeVisible();
    await expect(page).toHaveURL('/login?return_to=%2Fchange-password');
    expect(
      consoleErrors.filter((line) => !line.includes('Signing in from the link failed')),
    ).toEqual([]);
    consoleErrors.length = 0;
  });

  test('a signed-in user can change the password too', async ({ page }) => {
    const email = uniqueEmail('change');
    await createAccount(email, 'Original123');
    await page.goto('/login?return_to=/change-password');
    await fillLogin(page, email, 'Original123');
    await expect(heading(page)).toHaveText('Set a new password');
    await page.getByLabel('New password').fill('Another123');
    await page.getByLabel('Confirm password').fill('Another123');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page).toHaveURL('/login');
    await fillLogin(page, email, 'Another123');
    await expect(page).toHaveURL('/');
  });
});

test('Google sign-in goes through the consent page and returns home signed in', async ({
  page,
}) => {
  const email = uniqueEmail('google');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/auth\/v1\/authorize/);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/');
  await expect(toast(page, 'Signed in successfully!')).toBeVisible();
  const menu = await openProfileMenu(page);
  await expect(menu).toContainText(email);
});

test.describe('a link that comes back with an error', () => {
  test('an expired e-mail link is a failed sign-in, and the address is cleaned', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(
      '/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    await expect(
      toast(page, 'Sign in failed', 'Email link is invalid or has expired'),
    ).toBeVisible();
    await expect(page).toHaveURL('/');
    // The app logs the failure it reported.
    expect(consoleErrors.splice(0).join('\n')).toContain('Signing in from the link failed');
  });

  test('a failed return from Google says so', async ({ page, consoleErrors }) => {
    await page.goto(
      '/#error=server_error&error_code=bad_oauth_callback&error_description=OAuth+state+parameter+missing',
    );
    await expect(
      toast(page, 'Google sign in failed', 'OAuth state parameter missing'),
    ).toBeVisible();
    expect(consoleErrors.splice(0).join('\n')).toContain('Signing in from the link failed');
  });
});

test.describe('the Profile menu', () => {
  test.describe('for an admin', () => {
    test.use({ account: accounts.admin });
    test('offers Dashboard, Admin and Logout, by keyboard', async ({ page }) => {
      await page.goto('/');
      const trigger = page.getByRole('button', { name: 'Profile' });
      await trigger.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem')).toHaveText([
        'Dashboard',
        'Admin',
        'Account',
        'Account security',
        'Logout',
      ]);
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Admin' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/admin');
      await expect(heading(page)).toHaveText('Admin Dashboard');
    });
  });

  test.describe('for a user', () => {
    test.use({ account: accounts.user });
    test('has no Admin entry, and /admin is refused', async ({ page }) => {
      await page.goto('/');
      const menu = await openProfileMenu(page);
      await expect(menu.getByRole('menuitem')).toHaveText([
        'Dashboard',
        'Account',
        'Account security',
        'Logout',
      ]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Profile' })).toBeFocused();

      await page.goto('/admin');
      await expect(page).toHaveURL('/dashboard');
      await expect(toast(page, 'Access Denied', 'You do not have admin privileges.')).toBeVisible();
    });
  });
});

test('a bell sits beside the Profile menu when signed in', async ({ page }) => {
  const email = uniqueEmail('bell');
  await createAccount(email, seededPassword);
  await page.goto('/login');
  await fillLogin(page, email, seededPassword);
  // The signed-in controls' code (and the menus library) loads only after the sign-in: with three
  // workers on two cores that alone can take longer than the default 5 s.
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible({
    timeout: 15_000,
  });
});
