import { expect, test } from './fixtures';
import {
  accounts,
  accountWithActiveTrial,
  certificateOf,
  latestEmail,
  learningProgressOf,
  sendCertificateEmails,
  signedInStorageState,
  uniqueEmail,
} from './support/backend';
import { expectNoAxeViolations, signedInAs } from './support/page';
import { readPdf } from './support/pdf';

const password = 'Learner1234';
const name = 'Cora Certified';
// 16 minutes long (learning_modules).
const slug = 'conflict-resolution';
const title = 'Conflict Resolution';

test('completing a module gives a certificate: it downloads as a PDF, goes to a portfolio by e-mail, and anyone can check it until an admin revokes it', async ({
  page,
  browser,
}) => {
  test.slow();
  const email = uniqueEmail('certified');
  await accountWithActiveTrial(email, password, name);
  await signedInAs(page, email, password);
  // The player's timeline runs on timers: the clock plays the module in moments.
  await page.clock.install();
  await page.goto(`/modules/trial/${slug}`);
  await page.getByRole('button', { name: 'Start Training' }).click();
  const player = page.frameLocator(`iframe[title="${title}: 360 training"]`);
  await expect(player.getByRole('status')).toHaveText('Recording your progress');
  await player.getByRole('button', { name: 'Play' }).click();
  await page.clock.runFor(16 * 60_000);
  await expect(player.getByRole('status')).toHaveText('Completed');
  await expect
    .poll(async () => (await learningProgressOf(email, password, slug))?.completed_at ?? null)
    .not.toBeNull();
  // Issued at 90 % watched; its minutes follow the rest of the module the player plays on to.
  await expect
    .poll(async () => (await certificateOf(email, password, slug))?.verified_minutes)
    .toBe(16);
  const certificate = await certificateOf(email, password, slug);
  const code = certificate?.code ?? '';
  const shownCode = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;

  // The dashboard lists it, and leads to all of them.
  await page.goto('/dashboard');
  const mine = page.getByRole('list', { name: 'Your certificates' });
  await expect(mine.getByRole('listitem').filter({ hasText: title })).toContainText('Valid');
  await page.getByRole('link', { name: 'View all certificates' }).click();
  await expect(page).toHaveURL('/certificates');
  await expect(page.getByText(shownCode)).toBeVisible();

  // The reflection: all three parts, then the credits count.
  await page.getByRole('button', { name: `Add reflection: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a reflection' });
  await dialog.getByLabel('What I learned').fill('How to slow a heated conversation down.');
  await dialog.getByRole('button', { name: 'Save reflection' }).click();
  await expect(dialog.getByText('Fill in this part, or empty all three').first()).toBeVisible();
  await dialog.getByLabel('How I will apply it').fill('Name the feeling before the facts.');
  await dialog.getByLabel('What I will do next').fill('Practise with the reception team.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save reflection' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Reflection saved')).toBeVisible();
  await expectNoAxeViolations(page);

  // The PDF: the name, the module, the minutes (rounded down to the quarter hour) and where to
  // check it, as text a reader can select and search.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download PDF: ${title}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`revolve-certificate-${shownCode}.pdf`);
  const pdf = await readPdf(await download.path());
  expect(pdf.text).toContain(name);
  expect(pdf.text).toContain(title);
  expect(pdf.text).toContain('Verified learning time: 16 minutes');
  expect(pdf.text).toContain('CPD time: 15 minutes');
  expect(pdf.text).toContain(`/verify/${code}`);
  expect(pdf.text).toContain('Name the feeling before the facts.');
  expect(pdf.title).toBeTruthy();
  expect(pdf.language).toBe('en-GB');

  // Send to my portfolio: the learning note in the e-mail, the PDF attached, to the address given.
  const inbox = uniqueEmail('portfolio');
  await page.getByRole('button', { name: `Send to my portfolio: ${title}` }).click();
  const send = page.getByRole('dialog', { name: 'Send to my portfolio' });
  await send.getByLabel('Send to').fill(inbox);
  await expectNoAxeViolations(page);
  await send.getByRole('button', { name: 'Send certificate' }).click();
  await expect(send).toBeHidden();
  await expect(page.getByText('Certificate on its way')).toBeVisible();
  const sends = page.getByRole('region', { name: 'Sent to a portfolio' });
  await expect(sends).toContainText(`${inbox}`);
  await sendCertificateEmails();
  const mail = await latestEmail(
    inbox,
    `Learning note: ${title} (Revolve CPD certificate ${shownCode})`,
  );
  expect(mail.text).toContain('What I learned:\nHow to slow a heated conversation down.');
  expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([
    `revolve-certificate-${shownCode}.pdf`,
  ]);
  const attached = await readPdf(new Uint8Array(mail.attachments[0]?.content ?? []));
  expect(attached.text).toContain(name);
  expect(attached.text).toContain('Verified learning time: 16 minutes');
  expect(attached.text).toContain(`/verify/${code}`);
  // Recorded as sent just after the provider accepted it.
  await expect(async () => {
    await page.reload();
    await expect(sends.getByRole('listitem').filter({ hasText: inbox })).toContainText('Sent', {
      timeout: 1_000,
    });
  }).toPass();

  // Anyone, signed out, checks it at its address.
  const visitor = await browser.newContext();
  const admin = await browser.newContext({
    storageState: await signedInStorageState(accounts.admin),
  });
  try {
    const check = await visitor.newPage();
    await check.goto(`/verify/${code}`);
    await expect(check.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
    await expect(check.getByText(name)).toBeVisible();
    await expect(check.getByText(title)).toBeVisible();
    await expectNoAxeViolations(check);

    // An admin revokes it, with a reason.
    const manage = await admin.newPage();
    await manage.goto('/admin/certificates');
    await manage.getByLabel('Search certificates').fill(shownCode);
    await manage
      .getByRole('button', { name: `Revoke certificate ${shownCode} of ${name}` })
      .click();
    const revoke = manage.getByRole('dialog', { name: 'Revoke this certificate?' });
    await revoke.getByLabel('Reason').fill('Completed on a shared account');
    await expectNoAxeViolations(manage);
    await revoke.getByRole('button', { name: 'Revoke certificate' }).click();
    await expect(manage.getByText('Certificate revoked')).toBeVisible();

    // The check now says so.
    await check.reload();
    await expect(
      check.getByRole('heading', { name: 'Not valid: this certificate was revoked' }),
    ).toBeVisible();
    await expectNoAxeViolations(check);
  } finally {
    await visitor.close();
    await admin.close();
  }

  // The learner sees why.
  await page.reload();
  await expect(page.getByText('Completed on a shared account')).toBeVisible();
  await expect(page.getByRole('button', { name: `Download PDF: ${title}` })).toHaveCount(0);
});
