import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolationsAtBothWidths, toast } from './support/page';
import {
  accounts,
  createAccount,
  moduleUnlockGrantsOf,
  signedInStorageState,
  uniqueEmail,
} from './support/backend';

const password = 'Code1234';
const codePattern = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;
/** A seeded organisation (supabase/seed.sql): codes belong to one made on /admin/organisations. */
const organisation = 'Riverside Care Trust';

test.use({ account: accounts.admin });

async function openAccessCodes(page: Page) {
  await page.goto('/admin/access-codes');
  // The guard waits for the session and the admin lookup before the page's own code loads.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Codes', {
    timeout: 15_000,
  });
}

/** Issues a code for the organisation; resolves to the open dialog, the code and its last four. */
async function createCode(page: Page, moduleTitles: string[] = []) {
  await page.getByLabel('Organisation').selectOption({ label: organisation });
  for (const title of moduleTitles)
    await page.getByRole('checkbox', { name: title, exact: true }).check();
  await page.getByRole('button', { name: 'Create code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Access code created' });
  const shown = dialog.getByText(codePattern);
  await expect(shown).toBeVisible();
  const code = (await shown.textContent()) ?? '';
  return { dialog, code, hint: code.slice(-4) };
}

/** A second browser, signed in as `email`, on `path`. */
async function userPage(browser: Browser, email: string, path: string) {
  const context = await browser.newContext({
    storageState: await signedInStorageState(email, password),
  });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  return { page, context };
}

async function enterCode(page: Page, slug: string, code: string) {
  await page.goto(`/unlock/${slug}`);
  const field = page.getByLabel('Trial password or access code');
  await field.fill(code);
  await page.getByRole('button', { name: 'Unlock' }).click();
  return field;
}

test('the Admin Dashboard links here from its header, keeping its six tabs', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard', {
    timeout: 15_000,
  });
  await expect(page.getByRole('tab')).toHaveCount(6);
  await page.getByRole('link', { name: 'Access codes' }).click();
  await expect(page).toHaveURL('/admin/access-codes');
  await expect(page).toHaveTitle(/^Access Codes \| Revolve$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Codes');
  await page.getByRole('link', { name: 'Back to the Admin Dashboard' }).click();
  await expect(page).toHaveURL('/admin');
});

test('a code is shown once, opens the modules it covers to a user without a trial, and stops when revoked', async ({
  page,
  browser,
  context,
}) => {
  // Several pages and a second browser.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAccessCodes(page);
  const { dialog, code, hint } = await createCode(page, ['Home Visits', 'Chronic Pain']);
  await expect(dialog).toContainText('This code will not be shown again.');
  await dialog.getByRole('button', { name: 'Copy code' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('Access code copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(toast(page, 'Access Code Created')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The list shows the code's last four characters only, then and after a reload. The organisation
  // has other codes: the row is the one ending with this code's.
  const row = page.getByRole('row').filter({ hasText: `\u2026${hint}` });
  await expect(row).toContainText(organisation);
  await expect(row).toContainText('Home Visits, Chronic Pain');
  await expect(row).toContainText('0 / no limit');
  await expect(row).toContainText('No expiry');
  await expect(row).toContainText('Active');
  await expect(row).toContainText(`by ${accounts.admin}`);
  await page.reload();
  await expect(row).toContainText('Active');
  await expect(page.getByText(code)).toHaveCount(0);

  // A user with no trial: the code opens a module it covers (any case), and only those.
  const email = uniqueEmail('code-user');
  await createAccount(email, password, 'Cora Code');
  const user = await userPage(browser, email, '/dashboard');
  await enterCode(user.page, 'chronic-pain', code.toLowerCase());
  await expect(user.page.getByRole('button', { name: 'Unlocked \u2713' })).toBeDisabled();
  await expect(user.page.locator('iframe[title="Chronic Pain: 360 training"]')).toBeAttached();
  const grants = await moduleUnlockGrantsOf(email);
  expect(grants).toEqual([
    { module_name: 'chronic-pain', grant_kind: 'access_code', access_code_id: expect.any(String) },
  ]);

  const notCovered = await enterCode(user.page, 'dementia', code);
  await expect(user.page.getByRole('alert')).toHaveText(
    'This access code does not include this module.',
  );
  await expect(notCovered).toHaveValue(code);
  await expect(user.page.locator('iframe')).toHaveCount(0);

  await page.reload();
  await expect(row).toContainText('1 / no limit');

  // Revoked behind a confirmation; the user is refused at once.
  await row
    .getByRole('button', { name: `Revoke the code for ${organisation} ending ${hint}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this access code?' });
  await expect(confirm).toContainText(`The code for ${organisation} ending ${hint} stops working`);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(
    toast(page, 'Access Code Revoked', `The code for ${organisation} no longer works.`),
  ).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button')).toHaveCount(0);

  const refused = await enterCode(user.page, 'home-visits', code);
  await expect(user.page.getByRole('alert')).toHaveText(
    'This access code is no longer valid. Please ask your organisation for a new one.',
  );
  await expect(refused).toHaveValue(code);
  await expect(user.page.locator('iframe')).toHaveCount(0);
  expect(await moduleUnlockGrantsOf(email)).toEqual(grants);
  await user.context.close();
});

test("a refused code: the server's message in the toast, and the form keeps what was typed", async ({
  page,
  consoleErrors,
}) => {
  await openAccessCodes(page);
  // The browser's date field stops a past day; the server is the last word on a day that has
  // passed since the page loaded. Here the request is altered on its way, as a stale page would send.
  await page.route('**/rest/v1/rpc/create_access_code', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({
      postData: JSON.stringify({ ...body, expires_at: '2000-01-01T00:00:00Z' }),
    });
  });
  await page.getByLabel('Organisation').selectOption({ label: organisation });
  await page.getByRole('checkbox', { name: 'Dementia', exact: true }).check();
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(toast(page, 'Creation Failed', 'Expiry must be in the future')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Organisation').locator('option:checked')).toHaveText(organisation);
  await expect(page.getByRole('checkbox', { name: 'Dementia', exact: true })).toBeChecked();
  expect(consoleErrors.some((line) => line.startsWith('Error creating an access code:'))).toBe(
    true,
  );
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter(
      (line) =>
        !line.startsWith('Error creating an access code:') && !line.includes('status of 400 '),
    ),
  );
});

test('no accessibility violations: the form, the list, the new code and the revoke confirmation', async ({
  page,
}) => {
  // Six scans.
  test.slow();
  await openAccessCodes(page);
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText('Choose an organisation')).toBeVisible();
  const { dialog, hint } = await createCode(page, ['Dementia']);
  await expectNoAxeViolationsAtBothWidths(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'Access codes' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await page
    .getByRole('button', { name: `Revoke the code for ${organisation} ending ${hint}` })
    .click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
});

test.describe('a signed-in user who is not an admin', () => {
  test.use({ account: 'active@example.com' });

  test('is sent to the dashboard with Access Denied', async ({ page }) => {
    await page.goto('/admin/access-codes');
    await expect(page).toHaveURL('/dashboard');
    await expect(toast(page, 'Access Denied', 'You do not have admin privileges.')).toBeVisible();
  });
});
