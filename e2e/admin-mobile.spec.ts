import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/page';
import {
  accountWithActiveTrial,
  accountWithTrialRequest,
  accounts,
  fileLeads,
  uniqueEmail,
} from './support/backend';

// The admin pages on a phone: each row is a card whose actions are on screen, nothing scrolls
// sideways, and a long name takes at most two lines.
const phone = { width: 390, height: 844 };

test.use({ account: accounts.admin, viewport: phone });

const longName = 'Maximiliana Featherstonehaugh-Worthington';

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  // The guard waits for the session and the admin lookup before the page's own code loads.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 15_000 });
}

/**
 * Every one of `controls` lies wholly inside the phone's width. The boxes are read in one pass, so
 * a list that re-renders meanwhile (a search answering) cannot leave a stale control to wait for.
 */
async function expectInsideViewport(controls: Locator) {
  const boxes = await controls.evaluateAll((elements) =>
    elements.map((element) => {
      const { left, right, width, height } = element.getBoundingClientRect();
      const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
      return { name: name.trim(), left, right, laidOut: width > 0 && height > 0 };
    }),
  );
  expect(boxes.length, 'controls to check').toBeGreaterThan(0);
  for (const { name, left, right, laidOut } of boxes) {
    expect(laidOut, `${name} is laid out`).toBe(true);
    expect(left, `${name}'s left edge`).toBeGreaterThanOrEqual(0);
    expect(right, `${name}'s right edge`).toBeLessThanOrEqual(phone.width);
  }
}

async function expectNoSidewaysScrolling(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phone.width,
  );
}

/** How many lines an element's text takes. */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const lineHeight = Number.parseFloat(getComputedStyle(node).lineHeight);
    return Math.round(node.getBoundingClientRect().height / lineHeight);
  });
}

async function openTab(page: Page, name: RegExp, search?: string) {
  await page.getByRole('tab', { name }).click();
  const panel = page.getByRole('tabpanel');
  if (search !== undefined) await panel.getByRole('searchbox').fill(search);
  await expect(panel.getByText('Loading...')).toHaveCount(0);
  return panel;
}

test('/admin: every tab shows cards with their actions on screen', async ({ page }) => {
  const pendingEmail = uniqueEmail('phone-pending');
  const activeEmail = uniqueEmail('phone-active');
  await accountWithTrialRequest(pendingEmail, 'Trial1234', longName);
  await accountWithActiveTrial(activeEmail, 'Trial1234', longName);
  await open(page, '/admin', 'Admin Dashboard');
  await expectInsideViewport(page.getByRole('main').getByRole('link'));
  await expectInsideViewport(page.getByRole('tab'));

  const pending = await openTab(page, /^Pending Trials/, pendingEmail);
  const request = pending.getByRole('listitem').filter({ hasText: pendingEmail });
  await expect(request).toHaveCount(1);
  // The search has answered: the unique address is the list's only card.
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await expect(pending.getByRole('table')).toHaveCount(0);
  expect(await lineCount(request.getByText(longName))).toBeLessThanOrEqual(2);
  await expectInsideViewport(request.getByRole('button'));
  await expect(request.getByRole('button', { name: `Approve ${pendingEmail}` })).toBeVisible();
  await expect(request.getByRole('button', { name: `Reject ${pendingEmail}` })).toBeVisible();
  await expectInsideViewport(pending.getByRole('button'));
  await expectNoSidewaysScrolling(page);
  await expectNoAxeViolations(page);

  const active = await openTab(page, /^Active Trials/, activeEmail);
  const trial = active.getByRole('listitem').filter({ hasText: activeEmail });
  await expect(trial).toHaveCount(1);
  await expect(active.getByRole('listitem')).toHaveCount(1);
  expect(await lineCount(trial.getByText(longName))).toBeLessThanOrEqual(2);
  await expect(
    trial.getByRole('button', { name: `Expire the trial of ${activeEmail}` }),
  ).toBeVisible();
  await expect(
    trial.getByRole('button', { name: `Delete the trial of ${activeEmail}` }),
  ).toBeVisible();
  await expectInsideViewport(active.getByRole('button'));
  await expectNoSidewaysScrolling(page);
  await expectNoAxeViolations(page);

  // The seeded lists, first page: every card and control on screen.
  for (const name of [/^Expired Trials/, /^All Users/, /^Module Unlocks/, /^Admin Management/]) {
    const panel = await openTab(page, name);
    await expect(panel.getByRole('listitem').first()).toBeVisible();
    await expectInsideViewport(panel.getByRole('listitem'));
    await expectInsideViewport(panel.getByRole('button'));
    await expectNoSidewaysScrolling(page);
  }
  await expectNoAxeViolations(page);
});

test('/admin: a search that matches nothing says so on a phone, and clears', async ({ page }) => {
  await open(page, '/admin', 'Admin Dashboard');
  const panel = await openTab(page, /^Pending Trials/, 'no-such-person-anywhere');
  await expect(panel.getByText('No matches for "no-such-person-anywhere"')).toBeVisible();
  await expect(panel.getByText('No pending trial requests')).toHaveCount(0);
  await expectInsideViewport(panel.getByRole('button'));
  await expectNoAxeViolations(page);
  await panel.getByRole('button', { name: 'Clear search' }).click();
  await expect(panel.getByRole('searchbox')).toBeFocused();
  await expect(panel.getByRole('searchbox')).toHaveValue('');
  await expect(panel.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
});

test('/admin/access-codes: each code is a card with Revoke on screen', async ({ page }) => {
  const organisation = `Featherstonehaugh and Worthington Community Health ${Date.now()}`;
  // Codes belong to an organisation: this long name is made on /admin/organisations, on the phone.
  await open(page, '/admin/organisations', 'Organisations');
  await page.getByRole('button', { name: 'New organisation' }).click();
  const created = page.getByRole('dialog', { name: 'New organisation' });
  await created.getByLabel('Name', { exact: true }).fill(organisation);
  await created.getByLabel('Kind').selectOption({ label: 'Trust' });
  await created.getByLabel('Seats').fill('10');
  await created.getByLabel('Last day').fill('2099-12-31');
  await created.getByLabel('E-mail address').fill(uniqueEmail('phone-org-manager'));
  await expectInsideViewport(created.getByRole('button'));
  await created.getByRole('button', { name: 'Create organisation' }).click();
  await expect(created).toBeHidden();
  const organisationCard = page
    .getByRole('list', { name: 'Organisations' })
    .getByRole('listitem')
    .filter({ hasText: organisation });
  // The list is read again after the dialog closes: the card is there once it has been.
  await expect(organisationCard).toBeVisible();
  await expectInsideViewport(organisationCard.getByRole('button'));
  await expectNoSidewaysScrolling(page);

  await open(page, '/admin/access-codes', 'Access Codes');
  await page.getByLabel('Organisation').selectOption({ label: organisation });
  await page.getByRole('button', { name: 'Create code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Access code created' });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const codes = page.getByRole('list', { name: 'Access codes' });
  const card = codes.getByRole('listitem').filter({ hasText: organisation });
  await expect(card).toHaveCount(1);
  expect(await lineCount(card.getByText(organisation))).toBeLessThanOrEqual(3);
  await expectInsideViewport(
    card.getByRole('button', { name: new RegExp(`^Revoke the code for ${organisation} ending`) }),
  );
  await expectInsideViewport(page.getByRole('main').getByRole('button'));
  await expectNoSidewaysScrolling(page);
  await expectNoAxeViolations(page);
});

test('/admin/leads: each lead is a card with View on screen', async ({ page }) => {
  const email = uniqueEmail('phone-lead');
  // Filed as submit-lead files it (service role), with a name as long as a card must hold.
  await fileLeads([
    {
      first_name: 'Maximiliana',
      last_name: 'Featherstonehaugh-Worthington',
      email,
      subject: 'Registering interest in Revolve 360 Training',
      message: 'A demo for our practice, please.',
    },
  ]);

  await open(page, '/admin/leads', 'Leads');
  await page.getByLabel('Search leads by name, e-mail or subject').fill(email);
  const card = page
    .getByRole('list', { name: 'Leads' })
    .getByRole('listitem')
    .filter({ hasText: email });
  await expect(card).toHaveCount(1);
  expect(await lineCount(card.getByText(longName))).toBeLessThanOrEqual(2);
  await expectInsideViewport(card.getByRole('button'));
  await expectInsideViewport(page.getByRole('main').getByRole('button'));
  await expectNoSidewaysScrolling(page);
});
