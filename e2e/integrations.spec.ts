import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths, toast } from './support/page';
import { accounts, apiUrl } from './support/backend';

const keyPattern = /^[0-9a-f]{32}$/;
const secretPattern = /^[0-9a-f]{64}$/;

test.use({ account: accounts.admin });

async function openIntegrations(page: Page) {
  await page.goto('/admin/integrations');
  // The guard waits for the session and the admin lookup before the page's own code loads.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Integrations', {
    timeout: 15_000,
  });
}

/** Creates a client from the form; resolves to the open dialog and the key and secret it shows. */
async function createClient(page: Page, name: string, scopes: string[]) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  for (const scope of scopes)
    await page.getByRole('checkbox', { name: scope, exact: true }).check();
  await page.getByRole('button', { name: 'Create client' }).click();
  const dialog = page.getByRole('dialog', { name: 'LRS client created' });
  const key = dialog.getByText(keyPattern);
  const secret = dialog.getByText(secretPattern);
  await expect(key).toBeVisible();
  await expect(secret).toBeVisible();
  return {
    dialog,
    key: (await key.textContent()) ?? '',
    secret: (await secret.textContent()) ?? '',
  };
}

/** The LRS's answer to a statements query with these Basic credentials. */
function readStatements(authorization: string) {
  return fetch(`${apiUrl}/functions/v1/xapi/statements?limit=1`, {
    headers: { Authorization: authorization, 'X-Experience-API-Version': '1.0.3' },
  });
}

test('the Admin Dashboard links here from its header', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard', {
    timeout: 15_000,
  });
  await page.getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL('/admin/integrations');
  await expect(page).toHaveTitle(/^Integrations \| Revolve$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Integrations');
  await page.getByRole('link', { name: 'Back to the Admin Dashboard' }).click();
  await expect(page).toHaveURL('/admin');
});

test('a client is shown once with its key and secret, reaches the LRS, is listed, and is shut out when revoked', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openIntegrations(page);
  // The endpoint is this backend's LRS.
  const endpoint = `${apiUrl}/functions/v1/xapi/`;
  await expect(page.getByText(endpoint, { exact: true })).toBeVisible();

  const name = `Player host ${Date.now().toString(36)}`;
  const { dialog, key, secret } = await createClient(page, name, [
    'statements/write',
    'statements/read/mine',
  ]);
  const authorization = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
  await expect(dialog.getByText(authorization, { exact: true })).toBeVisible();
  await expect(dialog.getByText(endpoint, { exact: true })).toBeVisible();
  await expect(dialog).toContainText('The secret will not be shown again.');
  await expect(toast(page, 'LRS Client Created')).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy secret' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /./ })).toHaveText(
    'Secret copied to the clipboard.',
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // The credentials work: the client reads the statements it sent (none yet).
  const allowed = await readStatements(authorization);
  expect(allowed.status).toBe(200);
  expect(await allowed.json()).toMatchObject({ statements: [] });

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Listed with its key and scopes, then and after a reload; the secret is never shown again.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(key);
  await expect(row).toContainText('statements/write');
  await expect(row).toContainText('statements/read/mine');
  await expect(row).toContainText('Active');
  await expect(row).toContainText(`by ${accounts.admin}`);
  await page.reload();
  await expect(row).toContainText('Active');
  await expect(page.getByText(secret)).toHaveCount(0);

  // Revoked behind a confirmation; the LRS refuses the credentials at once.
  await row
    .getByRole('button', {
      name: `Revoke the LRS client ${name} with the key ending ${key.slice(-4)}`,
    })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this LRS client?' });
  await expect(confirm).toContainText(`${name} (key ending ${key.slice(-4)}) can no longer reach`);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(
    toast(page, 'LRS Client Revoked', `${name} can no longer reach the LRS.`),
  ).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button')).toHaveCount(0);
  expect((await readStatements(authorization)).status).toBe(401);
});

test('a form without a name or a scope is refused on the page, naming what is missing', async ({
  page,
}) => {
  await openIntegrations(page);
  await page.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Choose at least one scope')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('no accessibility violations: the form, the list, the new client and the revoke confirmation', async ({
  page,
}) => {
  // Six scans.
  test.slow();
  await openIntegrations(page);
  await page.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByText('Choose at least one scope')).toBeVisible();
  const name = `Axe integration ${Date.now()}`;
  const { dialog } = await createClient(page, name, ['all/read']);
  await expectNoAxeViolationsAtBothWidths(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByText(name).first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.getByRole('button', { name: new RegExp(`^Revoke the LRS client ${name} `) }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
});

test.describe('a signed-in user who is not an admin', () => {
  test.use({ account: 'active@example.com' });

  test('is sent to the dashboard with Access Denied', async ({ page }) => {
    await page.goto('/admin/integrations');
    await expect(page).toHaveURL('/dashboard');
    await expect(toast(page, 'Access Denied', 'You do not have admin privileges.')).toBeVisible();
  });
});
