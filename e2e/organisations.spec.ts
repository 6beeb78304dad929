import { readFile } from 'node:fs/promises';
import type { Browser, Download, Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, test } from './fixtures';
import { organisationSeesText } from '../src/content/invitations';
import { formatDate, formatLongDate } from '../src/lib/dates';
import {
  accounts,
  emailsTo,
  latestEmailText,
  signedInStorageState,
  uniqueEmail,
} from './support/backend';
import { expectNoAxeViolationsAtBothWidths, setUpAuthenticatorApp, toast } from './support/page';

// The organisation workspace from end to end (docs/organisations.md), through the UI against the
// local backend: Revolve's admin creates an organisation and invites its manager; the manager joins
// from the e-mail, secures the account, invites staff by CSV and assigns a module; a learner joins
// from their e-mail and completes it; the manager follows it in the completion matrix and its CSV.

// 16 minutes long (learning_modules).
const slug = 'conflict-resolution';
const moduleTitle = 'Conflict Resolution';
const managerName = 'Jo Lee';
const managerPassword = 'Manager1234';
const learnerName = 'Lena Learner';

/** A calendar day in London (YYYY-MM-DD), `days` from today. */
function londonDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/**
 * The link of the newest invitation e-mail to `email`, once it has come: the database sends it
 * through pg_net to send-organisation-invitation just after the invitation is made.
 */
async function invitationLink(email: string, subject: string, siteOrigin: string) {
  await expect
    .poll(async () => (await emailsTo(email)).map((message) => message.subject), {
      message: `an e-mail "${subject}" to ${email}`,
      timeout: 30_000,
    })
    .toContain(subject);
  const text = await latestEmailText(email, subject);
  const found = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text)?.[0];
  expect(found, 'the invite link in the e-mail').toBeDefined();
  // The functions know the site by site_url (the dev server's address); this worker's site has a
  // port of its own, which the backend accepts as a loopback address.
  const link = new URL(found ?? '');
  link.searchParams.set('redirect_to', new URL('/invitations', siteOrigin).href);
  return link.href;
}

/** A page of a new browser context, its console errors and page errors added to the test's. */
async function newPersonPage(browser: Browser, consoleErrors: string[]): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return page;
}

/** Each body row of a table, as the text of its cells (a cell's lines kept apart). */
function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => (cell as HTMLElement).innerText.trim()),
      ),
    );
}

/** The downloaded CSV's rows, after its UTF-8 byte order mark. */
async function csvRows(download: Download): Promise<string[][]> {
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)], 'the UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  return Papa.parse<string[]>(bytes.subarray(3).toString('utf8'), { skipEmptyLines: true }).data;
}

test('an organisation from start to finish: created by an admin, run by its manager, its training completed by a learner and followed in the completion matrix', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  // Three people, two e-mails, two sign-ins and a module played through: about 25 s alone, up to
  // 75 s beside two other workers on two cores (test.slow()'s 90 s left too little room).
  test.setTimeout(150_000);
  const organisation = `Harbour PCN ${Date.now()}`;
  const manager = uniqueEmail('org-journey-manager');
  const learner = uniqueEmail('org-journey-learner');
  const siteOrigin = baseURL ?? '';
  const dueOn = londonDay(21);

  await test.step('the admin creates the organisation with its first manager', async () => {
    const admin = await browser.newContext({
      storageState: await signedInStorageState(accounts.admin),
    });
    try {
      const adminPage = await admin.newPage();
      await adminPage.goto('/admin/organisations');
      await adminPage.getByRole('button', { name: 'New organisation' }).click();
      const dialog = adminPage.getByRole('dialog', { name: 'New organisation' });
      await dialog.getByLabel('Name', { exact: true }).fill(organisation);
      await dialog.getByLabel('Kind').selectOption({ label: 'PCN' });
      await dialog.getByLabel('Seats').fill('5');
      // In term from today, so that its assignments open the module at once.
      await dialog.getByLabel('First day').fill(londonDay());
      await dialog.getByLabel('Last day').fill(londonDay(365));
      await dialog.getByLabel('E-mail address').fill(manager);
      await dialog.getByLabel('Name (optional)').fill(managerName);
      await dialog.getByRole('button', { name: 'Create organisation' }).click();
      await expect(
        toast(
          adminPage,
          'Organisation Created',
          `${organisation} was created and ${manager} was invited to manage it.`,
        ),
      ).toBeVisible();
      const row = adminPage.getByRole('row').filter({ hasText: organisation });
      await expect(row).toContainText('Active');
      await expect(row).toContainText(`Invited: ${manager}`);
    } finally {
      await admin.close();
    }
  });

  await test.step('the manager sets a password and an authenticator app, then joins', async () => {
    const link = await invitationLink(
      manager,
      `Alex Admin invited you to ${organisation} on Revolve`,
      siteOrigin,
    );
    await page.goto(link);
    await expect(page).toHaveURL('/invitations');
    const card = page.getByRole('article', { name: organisation });
    await expect(card).toContainText('Role: Manager');
    // Managing needs an authenticator app first: without one, the invitation stays open.
    await card.getByRole('button', { name: `Join ${organisation}` }).click();
    await expect(card.getByRole('alert')).toContainText(
      `Managing ${organisation} needs two-factor sign-in. Set up an authenticator app on your account, then come back here to join: this invitation stays open.`,
    );

    // The link signed them in once: a password lets them come back.
    await page.getByRole('link', { name: 'Set a password' }).click();
    await expect(page).toHaveURL('/change-password');
    await page.getByLabel('New password').fill(managerPassword);
    await page.getByLabel('Confirm password').fill(managerPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(toast(page, 'Password changed successfully!')).toBeVisible();

    await page.goto('/invitations');
    await expect(page).toHaveURL('/login?return_to=%2Finvitations');
    await page.getByLabel('Email').fill(manager);
    await page.getByLabel('Password', { exact: true }).fill(managerPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/invitations');
    await card.getByRole('button', { name: `Join ${organisation}` }).click();
    await card.getByRole('link', { name: 'Set up an authenticator app' }).click();
    await expect(page).toHaveURL('/account/security?return_to=%2Finvitations');
    await setUpAuthenticatorApp(page);
    await expect(page).toHaveURL('/invitations');
    // The refusals above were answered 428 and logged; nothing else went wrong.
    expect(consoleErrors.every((line) => /428|PT428/.test(line))).toBe(true);
    consoleErrors.length = 0;
    await card.getByRole('button', { name: `Join ${organisation}` }).click();
    await expect(page.getByText(`You joined ${organisation}.`)).toBeVisible();

    await page.getByRole('link', { name: 'Manage your organisation' }).click();
    await expect(page).toHaveURL('/organisation');
    await expect(page.getByRole('heading', { level: 2, name: organisation })).toBeVisible();
    await expect(page.getByText('1 of 5 used')).toBeVisible();
  });

  await test.step('the manager invites staff from a CSV file and sees every row answered', async () => {
    await page.getByRole('button', { name: 'Invite people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite people' });
    await dialog.getByRole('radio', { name: 'Upload a CSV file' }).check();
    const csv = [
      'email,name,cohort',
      `${learner},${learnerName},Reception`,
      'not-an-address,Nobody,Reception',
      `${learner.toUpperCase()},${learnerName},`,
      `${manager},${managerName},`,
    ].join('\n');
    await dialog
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog.getByText('4 people read from staff.csv.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send invitations' }).click();

    await expect(dialog.getByText('1 person invited out of 4.')).toBeVisible();
    const results = dialog.getByRole('table', { name: 'Invitation results' });
    expect(await tableRows(results)).toEqual([
      ['1', learner, 'Invited'],
      ['2', 'not-an-address', 'Invalid e-mail address'],
      ['3', learner, 'Listed twice'],
      ['4', manager, 'Already a member'],
    ]);
    // The footer's Close (the corner's × is named Close too).
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the manager assigns the module to everyone, due in three weeks', async () => {
    await page.getByRole('tab', { name: 'Assignments' }).click();
    const form = page.getByRole('form', { name: 'Assign a module' });
    await form.getByLabel('Module').selectOption({ label: moduleTitle });
    await form.getByLabel('Assign to').selectOption({ label: 'Everyone' });
    await form.getByLabel('Due date').fill(dueOn);
    await form.getByRole('button', { name: 'Assign' }).click();
    await expect(
      toast(page, `${moduleTitle} assigned to Everyone, due ${formatDate(dueOn)}.`),
    ).toBeVisible();
    const assignments = page.getByRole('table', { name: 'Modules assigned' });
    await expect(assignments.getByRole('row').filter({ hasText: moduleTitle })).toContainText(
      formatDate(dueOn),
    );
    await expectNoAxeViolationsAtBothWidths(page);
  });

  const learnerPage = await newPersonPage(browser, consoleErrors);
  try {
    await test.step('the learner joins from the e-mail, told first what the organisation will see', async () => {
      const link = await invitationLink(
        learner,
        `${managerName} invited you to ${organisation} on Revolve`,
        siteOrigin,
      );
      // The player's timeline runs on timers: the clock plays the module in moments.
      await learnerPage.clock.install();
      await learnerPage.goto(link);
      await expect(learnerPage).toHaveURL('/invitations');
      const card = learnerPage.getByRole('article', { name: organisation });
      await expect(card).toContainText('Role: Learner');
      await expect(
        card.getByRole('region', { name: `What ${organisation} will see if you join` }),
      ).toContainText(organisationSeesText);
      await expectNoAxeViolationsAtBothWidths(learnerPage);
      await card.getByRole('button', { name: `Join ${organisation}` }).click();
      await expect(learnerPage.getByText(`You joined ${organisation}.`)).toBeVisible();
      await learnerPage.getByRole('link', { name: 'Go to your dashboard' }).click();
    });

    await test.step('the learner opens the module from Assigned to you and completes it', async () => {
      await expect(learnerPage).toHaveURL('/dashboard');
      await expect(learnerPage.getByRole('heading', { name: 'Assigned to you' })).toBeVisible();
      const assigned = learnerPage
        .getByRole('list', { name: 'Your assigned modules' })
        .getByRole('listitem')
        .filter({ hasText: moduleTitle });
      await expect(assigned).toContainText(`From ${organisation}`);
      await expect(assigned).toContainText(`Due ${formatLongDate(dueOn)}`);
      await assigned.getByRole('link', { name: `Start: ${moduleTitle}` }).click();

      await expect(learnerPage).toHaveURL(`/unlock/${slug}`);
      await expect(
        learnerPage.getByText(`Assigned by ${organisation}, due ${formatLongDate(dueOn)}`),
      ).toBeVisible();
      await expect(learnerPage.getByLabel('Trial password or access code')).toHaveCount(0);
      await learnerPage.getByRole('button', { name: 'Start Training' }).click();
      const player = learnerPage.frameLocator(`iframe[title="${moduleTitle}: 360 training"]`);
      await expect(player.getByRole('status')).toHaveText('Recording your progress');
      await player.getByRole('button', { name: 'Play' }).click();
      await learnerPage.clock.runFor(16 * 60_000);
      await expect(player.getByRole('status')).toHaveText('Completed');

      // The LMS records the completion from the player's statements, a moment later.
      await expect(async () => {
        await learnerPage.goto('/dashboard');
        await expect(assigned).toContainText(/Completed \d{1,2} \w+ \d{4}/, { timeout: 2_000 });
      }).toPass();
    });
  } finally {
    await learnerPage.context().close();
  }

  await test.step('the manager sees it completed in the matrix, and the CSV says the same', async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Completion' }).click();
    const matrix = page.getByRole('table', { name: 'Completion by member and module' });
    const learnerRow = matrix.getByRole('row').filter({ hasText: learner });
    await expect(learnerRow).toContainText(/Completed \d{1,2} \w{3} \d{4}/);
    const shown = await tableRows(matrix);
    expect(shown).toEqual([
      [`${managerName}\n${manager}`, '', '0 of 1', '0', `Not started\nDue ${formatDate(dueOn)}`],
      [
        `${learnerName}\n${learner}`,
        'Reception',
        '1 of 1',
        '0',
        expect.stringMatching(/^Completed \d{1,2} \w{3} \d{4}\nCertificate$/),
      ],
    ]);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const [header, ...rows] = await csvRows(await downloading);
    expect(header).toEqual([
      'Name',
      'E-mail',
      'Cohort',
      'Completed',
      'Assigned',
      'Overdue',
      moduleTitle,
    ]);
    // Row for row what the matrix shows: the member's name and address, "n of m" apart, and the
    // cell's state without the links and due dates beside it.
    expect(rows).toEqual(
      shown.map(([member = '', cohort, completedOf = '', overdue, cell = '']) => [
        ...member.split('\n'),
        cohort,
        ...completedOf.split(' of '),
        overdue,
        cell.split('\n')[0],
      ]),
    );

    // The certificate's link is its public check.
    const certificate = learnerRow.getByRole('link', {
      name: `Certificate of ${learnerName} for ${moduleTitle}`,
    });
    await expect(certificate).toHaveAttribute('href', /^\/verify\/\w+$/);
    await certificate.click();
    await expect(page).toHaveURL(/\/verify\/\w+$/);
    await expect(page.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
    await expect(page.getByText(learnerName)).toBeVisible();
  });
});
