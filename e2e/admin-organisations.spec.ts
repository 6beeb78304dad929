import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolationsAtBothWidths, toast } from './support/page';
import { accounts, uniqueEmail } from './support/backend';

test.use({ account: accounts.admin });

async function openOrganisations(page: Page) {
  await page.goto('/admin/organisations');
  // The guard waits for the session and the admin lookup before the page's own code loads.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organisations', {
    timeout: 15_000,
  });
}

/** Fills the New organisation dialog (name, kind, seats, term and first manager). */
async function fillNewOrganisation(
  dialog: Locator,
  { name, manager, seats = '5' }: { name: string; manager: string; seats?: string },
) {
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Kind').selectOption({ label: 'PCN' });
  await dialog.getByLabel('Seats').fill(seats);
  await dialog.getByLabel('First day').fill('2099-01-01');
  await dialog.getByLabel('Last day').fill('2099-12-31');
  await dialog.getByLabel('E-mail address').fill(manager);
  await dialog.getByLabel('Name (optional)').fill('Jo Lee');
}

async function openNewOrganisation(page: Page) {
  await page.getByRole('button', { name: 'New organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New organisation' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the Admin Dashboard links here from its header', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard', {
    timeout: 15_000,
  });
  await page.getByRole('link', { name: 'Organisations' }).click();
  await expect(page).toHaveURL('/admin/organisations');
  await expect(page).toHaveTitle(/^Organisations \| Revolve$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organisations');
  await page.getByRole('link', { name: 'Back to the Admin Dashboard' }).click();
  await expect(page).toHaveURL('/admin');
});

test('lists the seeded organisations, and finds one by name', async ({ page }) => {
  await openOrganisations(page);
  // Other tests add organisations, newest first: the seeded ones may be pages down.
  const search = page.getByRole('searchbox', { name: 'Search organisations by name' });
  await search.fill('riverside care');
  const riverside = page.getByRole('row').filter({ hasText: 'Riverside Care Trust' });
  await expect(riverside).toContainText('Trust');
  await expect(riverside).toContainText('of 50');
  await expect(riverside).toContainText('Active');
  await expect(riverside).toContainText('manager@example.com');
  await search.fill('hillside');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText('Hillside Surgery');
});

test('an organisation is created with its first manager invited, then edited', async ({ page }) => {
  await openOrganisations(page);
  const name = `Coastal PCN ${Date.now()}`;
  const manager = uniqueEmail('org-manager');
  const dialog = await openNewOrganisation(page);
  await fillNewOrganisation(dialog, { name, manager });
  await dialog.getByRole('button', { name: 'Create organisation' }).click();
  await expect(
    toast(
      page,
      'Organisation Created',
      `${name} was created and ${manager} was invited to manage it.`,
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'New organisation' })).toBeFocused();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('PCN');
  await expect(row).toContainText('0 of 5');
  await expect(row).toContainText('1 Jan 2099 to 31 Dec 2099');
  await expect(row).toContainText('Upcoming');
  await expect(row).toContainText(`Invited: ${manager}`);

  // Edited: the dialog starts with its details; the list shows the change.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Seats')).toHaveValue('5');
  await edit.getByLabel('Seats').fill('8');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Organisation Saved', `${name} was updated.`)).toBeVisible();
  await expect(row).toContainText('0 of 8');
  await expect(row.getByRole('button', { name: `Edit ${name}` })).toBeFocused();

  // The same manager again: said plainly in the dialog, with the address kept.
  await row.getByRole('button', { name: `Invite manager to ${name}` }).click();
  const invite = page.getByRole('dialog', { name: `Invite a manager to ${name}` });
  await invite.getByLabel('E-mail address').fill(manager);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('alert')).toHaveText('This person already has an open invitation.');
  await expect(invite.getByLabel('E-mail address')).toHaveValue(manager);
});

test("a refused organisation: the server's message in the dialog, and everything typed kept", async ({
  page,
  consoleErrors,
}) => {
  await openOrganisations(page);
  // The form stops a number of seats out of range; the server is the last word. Here the request
  // is altered on its way, as a stale page would send it.
  await page.route('**/rest/v1/rpc/create_organisation', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, seats: 0 }) });
  });
  const name = `Stale Page PCN ${Date.now()}`;
  const dialog = await openNewOrganisation(page);
  await fillNewOrganisation(dialog, { name, manager: uniqueEmail('stale-manager') });
  await dialog.getByRole('button', { name: 'Create organisation' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Seats must be a whole number from 1 to 100000',
  );
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(dialog.getByLabel('Seats')).toHaveValue('5');
  await expect(dialog.getByLabel('Name (optional)')).toHaveValue('Jo Lee');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect(consoleErrors.some((line) => line.startsWith('Error creating an organisation:'))).toBe(
    true,
  );
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter(
      (line) =>
        !line.startsWith('Error creating an organisation:') && !line.includes('status of 400 '),
    ),
  );
});

test('no accessibility violations: the list, and the form with its errors', async ({ page }) => {
  // Four scans.
  test.slow();
  await openOrganisations(page);
  await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  const dialog = await openNewOrganisation(page);
  await dialog.getByRole('button', { name: 'Create organisation' }).click();
  await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  await expectNoAxeViolationsAtBothWidths(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each organisation is a card with its buttons on screen, and nothing scrolls sideways', async ({
    page,
  }) => {
    await openOrganisations(page);
    // Other tests add organisations, newest first: found by name, the seeded one is the first card.
    await page.getByRole('searchbox', { name: 'Search organisations by name' }).fill('Riverside');
    const card = page
      .getByRole('list', { name: 'Organisations' })
      .getByRole('listitem')
      .filter({ hasText: 'Riverside Care Trust' });
    await expect(
      card.getByRole('button', { name: 'Invite manager to Riverside Care Trust' }),
    ).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
