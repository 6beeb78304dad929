import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, toast } from './support/page';
import { accounts, uniqueEmail } from './support/backend';

test.use({ account: accounts.admin });

async function openAdminPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  // The guard waits for the session and the admin lookup before the page's own code loads.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 15_000 });
}

test('a visitor registers interest; the admin finds the lead, follows it up, and sees that in the activity', async ({
  page,
  browser,
}) => {
  // A visitor's browser and three admin pages.
  test.slow();
  const email = uniqueEmail('sales-lead');
  const message = 'We would like a demo of the dementia module for twelve nurses.';

  const visitor = await browser.newContext({ storageState: undefined });
  try {
    const form = await visitor.newPage();
    await form.goto('/book-demo');
    await form.getByLabel('First name').fill('Robin');
    await form.getByLabel('Last name').fill('Lead');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Message').fill(message);
    await form.getByRole('button', { name: 'Register interest' }).click();
    await expect(toast(form, 'Thank you for your interest!')).toBeVisible();
  } finally {
    await visitor.close();
  }

  // The Admin Dashboard links to the leads from its header, keeping its six tabs.
  await openAdminPage(page, '/admin', 'Admin Dashboard');
  await expect(page.getByRole('tab')).toHaveCount(6);
  await page.getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page).toHaveURL('/admin/leads');
  await expect(page).toHaveTitle(/^Leads \| Revolve$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leads');

  await page.getByLabel('Search leads by name, e-mail or subject').fill(email.toUpperCase());
  const leads = page.getByRole('table', { name: 'Leads' });
  await expect(leads.getByRole('row')).toHaveCount(2);
  const row = leads.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Robin Lead');
  await expect(row).toContainText('New');

  await row.getByRole('button', { name: 'View the lead from Robin Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Robin Lead' });
  await expect(dialog).toContainText(message);
  await expect(dialog.getByRole('radio', { name: 'New' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Contacted' }).check();
  await dialog.getByLabel('Note (optional)').fill('Called on Monday; demo booked.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Lead Updated', 'Robin Lead is now marked contacted.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Contacted');

  // The follow-up is kept: after a reload the status filter finds it, with its note.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leads', { timeout: 15_000 });
  await page.getByLabel('Status').selectOption('Contacted');
  await page.getByLabel('Search leads by name, e-mail or subject').fill('robin lead');
  await expect(leads.getByRole('row').filter({ hasText: email })).toContainText('Contacted');
  await leads.getByRole('button', { name: 'View the lead from Robin Lead' }).first().click();
  await expect(dialog.getByLabel('Note (optional)')).toHaveValue('Called on Monday; demo booked.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Back to the Admin Dashboard' }).click();
  await expect(page).toHaveURL('/admin');
  await page.getByRole('link', { name: 'Activity', exact: true }).click();
  await expect(page).toHaveURL('/admin/activity');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activity');
  await page.getByLabel('Action').selectOption('Updated a lead');
  await page.getByLabel('Admin e-mail').fill(accounts.admin);
  const entry = page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: email });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(accounts.admin);
  await expect(entry).toContainText('Updated a lead');
  await expect(entry).toContainText('Wasnew');
  await expect(entry).toContainText('Nowcontacted');
  await expect(entry).toContainText('Called on Monday; demo booked.');

  // The funnel counts the new lead, and says so to screen readers too.
  await expect(page.getByRole('img', { name: /^Funnel, last 30 days: Leads [1-9]/ })).toBeVisible();
  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(page.getByRole('img', { name: /^Funnel, last 90 days: Leads [1-9]/ })).toBeVisible();

  // The seeded reminders were delivered, read through the admin's session (RLS at aal2).
  await expect(page.getByRole('region', { name: 'E-mail deliveries' })).toContainText(
    'No failed e-mails',
  );
});

for (const { path, heading } of [
  { path: '/admin/leads', heading: 'Leads' },
  { path: '/admin/activity', heading: 'Activity' },
]) {
  test(`${path} has no axe violations at 390 and 1440 px`, async ({ page }, testInfo) => {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await openAdminPage(page, path, heading);
      // Loaded: every list, or its empty state, has replaced 'Loading...'.
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await expectNoAxeViolations(page);
      const name = `${path.split('/').pop()}-${width}.png`;
      await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
    }
  });
}

test('the leads as cards and a lead opened have no axe violations on a phone', async ({
  page,
  browser,
}, testInfo) => {
  const visitor = await browser.newContext({ storageState: undefined });
  try {
    const form = await visitor.newPage();
    await form.goto('/book-demo');
    await form.getByLabel('First name').fill('Axel');
    await form.getByLabel('Last name').fill('Checker');
    await form.getByLabel('Email', { exact: true }).fill(uniqueEmail('axe-lead'));
    await form.getByLabel('Message').fill('Checking the dialog.');
    await form.getByRole('button', { name: 'Register interest' }).click();
    await expect(toast(form, 'Thank you for your interest!')).toBeVisible();
  } finally {
    await visitor.close();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdminPage(page, '/admin/leads', 'Leads');
  const cards = page.getByRole('list', { name: 'Leads' });
  await expect(cards.getByRole('listitem').filter({ hasText: 'Axel Checker' })).not.toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('leads-cards-390.png'), fullPage: true });
  await cards.getByRole('button', { name: 'View the lead from Axel Checker' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Axel Checker' })).toContainText(
    'Checking the dialog.',
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('lead-dialog-390.png') });
});
