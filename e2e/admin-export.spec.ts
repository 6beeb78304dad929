import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/page';
import { accounts, createAccount, fileLeads, uniqueEmail } from './support/backend';

test.use({ account: accounts.admin });

/** The downloaded file's text, after checking it starts with the UTF-8 byte order mark. */
async function csvOf(download: Download): Promise<string[][]> {
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)], 'the UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  return Papa.parse<string[]>(bytes.subarray(3).toString('utf8'), { skipEmptyLines: true }).data;
}

async function exportCsv(page: Page): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  return downloading;
}

const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

/**
 * Files `count` leads at once, as submit-lead does (service role): the same moment for every one,
 * so the export's paging must hold a stable order among equal times.
 */
async function fileExportLeads(marker: string, count: number, message: (index: number) => string) {
  await fileLeads(
    Array.from({ length: count }, (_, index) => ({
      first_name: 'Cass',
      last_name: `Export ${index + 1}`,
      email: `${marker}-${index + 1}@example.com`,
      subject: 'Registering interest in Revolve 360 Training',
      message: message(index),
    })),
  );
}

test('the admin downloads the leads of a search as CSV, every page of it', async ({ page }) => {
  const marker = uniqueEmail('csv-lead').split('@')[0] ?? '';
  const count = 1_201;
  await fileExportLeads(marker, count, (index) =>
    index === 0 ? '=HYPERLINK("http://example.com")\nsecond line, with a comma' : 'Hello',
  );

  await page.goto('/admin/leads');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leads', { timeout: 15_000 });
  await page.getByLabel('Search leads by name, e-mail or subject').fill(marker);
  await expect(page.getByText('Showing 1–25 of 1201')).toBeVisible();

  const download = await exportCsv(page);
  expect(download.suggestedFilename()).toBe(`revolve-leads-${today()}.csv`);
  await expect(page.getByRole('status').filter({ hasText: 'Exported 1,201 rows.' })).toBeVisible();
  await expectNoAxeViolations(page);

  const [header, ...rows] = await csvOf(download);
  expect(header).toEqual([
    'Lead ID',
    'Received at',
    'First name',
    'Last name',
    'Email',
    'Subject',
    'Message',
    'Status',
    'Note',
    'Updated at',
  ]);
  expect(rows).toHaveLength(count);
  // Every lead once: two pages of the same moment neither repeat nor skip one.
  expect(new Set(rows.map((row) => row[4])).size).toBe(count);
  expect(new Set(rows.map((row) => row[0])).size).toBe(count);
  const first = rows.find((row) => row[4] === `${marker}-1@example.com`);
  expect(first?.slice(2, 4)).toEqual(['Cass', 'Export 1']);
  expect(first?.[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  // A cell a spreadsheet would run as a formula is written as text.
  expect(first?.[6]).toBe('\'=HYPERLINK("http://example.com")\nsecond line, with a comma');
  expect(first?.[7]).toBe('New');
});

test('the admin downloads a dashboard list of a search as CSV', async ({ page }) => {
  const marker = uniqueEmail('csv-user').split('@')[0] ?? '';
  const emails = [`${marker}-a@example.com`, `${marker}-b@example.com`];
  for (const [index, email] of emails.entries())
    await createAccount(email, 'Trial1234', `Csv User ${index + 1}`);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard', {
    timeout: 15_000,
  });
  await page.getByRole('tab', { name: /^All Users/ }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('searchbox').fill(marker);
  await expect(panel.getByText('Showing 1–2 of 2')).toBeVisible();

  const download = await exportCsv(page);
  expect(download.suggestedFilename()).toBe(`revolve-users-${today()}.csv`);
  const [header, ...rows] = await csvOf(download);
  expect(header).toEqual(['User ID', 'Name', 'Email', 'Joined at', 'Roles']);
  // Newest first, as the list shows them.
  expect(rows.map((row) => row.slice(1, 3))).toEqual([
    ['Csv User 2', emails[1]],
    ['Csv User 1', emails[0]],
  ]);
  expect(rows.every((row) => /^\d{4}-\d{2}-\d{2}T/.test(row[3] ?? ''))).toBe(true);
});
