import { readFile } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import WebSocket from 'ws';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '@revolve/local-backend/keys';
import { totpCode } from '@revolve/local-backend/testing';
import { expect, expectFailedRequests, test } from './fixtures';
import { modules } from '../src/content/modules';
import {
  accountWithActiveTrial,
  apiUrl,
  createAccount,
  enrolAuthenticatorApp,
  insertNotification,
  playerBase,
  uniqueEmail,
} from './support/backend';
import { expectNoAxeViolationsAtBothWidths, signedInAs, toast } from './support/page';

// The user's data rights on /account (docs/data-rights.md): 'Download my data' holds every kind of
// data Revolve keeps about a user who has each, and 'Delete my account' removes the account, after
// which it cannot sign in and its certificate verifies as no longer available.

const password = 'Rights1234';
const name = 'Dana Rights';
// Rural Minds is open to every signed-in user; 1,500 s long (learning_modules).
const slug = 'rural-minds';

function api(key = LOCAL_PUBLISHABLE_KEY) {
  return createClient(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

/** A calendar day in London (YYYY-MM-DD), `days` from today. */
function londonDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** A supabase-js answer's data, or its error thrown. */
async function ok<T>(
  answer: PromiseLike<{ data: T; error: unknown } | { data: unknown; error: Error }>,
): Promise<NonNullable<T>> {
  const { data, error } = (await answer) as { data: T; error: unknown };
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  if (data === null || data === undefined) throw new Error('The answer had no data');
  return data;
}

/** A write's answer: its error thrown. */
async function written(answer: PromiseLike<{ error: unknown }>): Promise<void> {
  const { error } = await answer;
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
}

const sessionIdExtension = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const playedSegments = 'https://w3id.org/xapi/video/extensions/played-segments';
const cmi5Category = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';

/**
 * Rural Minds launched through launch-module and played to completion as the player reports it
 * (its token fetched, LaunchData read, then its statements to the LRS): learning records, progress
 * and a certificate, as a learner's own playing makes them.
 */
async function completeRuralMinds(accessToken: string): Promise<void> {
  const functions = `${apiUrl}/functions/v1`;
  const launched = await fetch(`${functions}/launch-module`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      module: slug,
      playerUrl: `${playerBase.replace(/\/+$/, '')}/${modules[slug].playerCode}/`,
    }),
  });
  expect(launched.status, await launched.clone().text()).toBe(200);
  const launch = (await launched.json()) as {
    registration: string;
    fetchCode: string;
    actor: unknown;
    activityId: string;
  };
  const fetched = await fetch(`${functions}/xapi/cmi5/fetch/${launch.fetchCode}`, {
    method: 'POST',
  });
  const authorization = `Basic ${((await fetched.json()) as { 'auth-token': string })['auth-token']}`;
  const xapi = (path: string, body?: unknown) =>
    fetch(`${functions}/xapi/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: authorization,
        'X-Experience-API-Version': '1.0.3',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const stateQuery = new URLSearchParams({
    activityId: launch.activityId,
    agent: JSON.stringify(launch.actor),
    registration: launch.registration,
    stateId: 'LMS.LaunchData',
  });
  const launchData = (await (await xapi(`activities/state?${stateQuery}`)).json()) as {
    contextTemplate: { extensions: Record<string, string> };
  };
  const sessionId = launchData.contextTemplate.extensions[sessionIdExtension] ?? '';
  const statement = (verb: string, result?: Record<string, unknown>, category = false) => ({
    actor: launch.actor,
    verb: { id: verb },
    object: { objectType: 'Activity', id: launch.activityId },
    context: {
      registration: launch.registration,
      ...(category ? { contextActivities: { category: [{ id: cmi5Category }] } } : {}),
      extensions: { [sessionIdExtension]: sessionId },
    },
    ...(result ? { result } : {}),
  });
  const sent = await xapi('statements', [
    statement('http://adlnet.gov/expapi/verbs/initialized'),
    statement('http://adlnet.gov/expapi/verbs/progressed', {
      extensions: { [playedSegments]: '0[.]1400' },
    }),
    statement(
      'http://adlnet.gov/expapi/verbs/completed',
      { completion: true, duration: 'PT25M' },
      true,
    ),
  ]);
  expect(sent.status, await sent.clone().text()).toBe(200);
}

/**
 * A new user with data of every kind: a trial, an unlocked module, learning records and progress,
 * a certificate with a reflection, an organisation membership, an invitation from another
 * organisation, and a notification. Resolves to their certificate's code.
 */
async function userWithEveryKindOfData(email: string): Promise<{ userId: string; code: string }> {
  const { userId } = await accountWithActiveTrial(email, password, name);
  const service = api(LOCAL_SECRET_KEY);
  await written(
    service
      .from('module_unlocks')
      .insert({ user_id: userId, module_name: 'dementia', grant_kind: 'trial' }),
  );

  const learner = api();
  const { session } = await ok(learner.auth.signInWithPassword({ email, password }));
  await completeRuralMinds(session.access_token);
  const certificate = (await ok(
    learner.from('certificates').select('id, code').eq('module', slug).single(),
  )) as { id: string; code: string };
  await written(
    learner.rpc('save_certificate_reflection', {
      certificate_id: certificate.id,
      learned: 'How isolation shows in a farming family.',
      application: 'Ask about the farm before the symptoms.',
      next_steps: 'Share the support lines with the practice team.',
    }),
  );

  const [member, inviting] = await ok(
    service
      .from('organisations')
      .insert(
        ['Moorland Practice', 'Dale PCN'].map((organisation) => ({
          name: `${organisation} ${Date.now()}`,
          kind: 'pcn',
          seats: 5,
          term_starts_on: londonDay(),
          term_ends_on: londonDay(365),
        })),
      )
      .select('id'),
  );
  await written(
    service
      .from('organisation_members')
      .insert({ organisation_id: member?.id ?? '', user_id: userId, role: 'learner' }),
  );
  await written(
    service
      .from('organisation_invitations')
      .insert({ organisation_id: inviting?.id ?? '', email, name, role: 'learner' }),
  );
  await insertNotification(userId, { title: 'Welcome', message: 'Your trial is active.' });
  return { userId, code: certificate.code };
}

/** The rows of a CSV file of the download, after its UTF-8 byte order mark. */
function csvRows(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
}

const categories = [
  'trials',
  'unlocks',
  'learning_records',
  'certificates',
  'memberships',
  'notifications',
  'invitations',
] as const;

test('Download my data gives a zip holding every kind of data of a user who has each, as JSON and CSV', async ({
  page,
}) => {
  test.slow();
  const email = uniqueEmail('data-download');
  const { userId, code } = await userWithEveryKindOfData(email);
  await signedInAs(page, email, password);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^revolve-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(toast(page, 'Your data is downloaded')).toBeVisible();
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const text = (file: string) => {
    const bytes = files[file];
    expect(bytes, `${file} in the zip`).toBeDefined();
    return strFromU8(bytes ?? new Uint8Array());
  };

  const exported = JSON.parse(text('revolve-data.json')) as Record<string, unknown>;
  expect(exported.profile).toMatchObject({ id: userId, name, email });
  for (const category of categories) {
    const records = exported[category];
    expect(Array.isArray(records) && records.length > 0, `${category} in the JSON`).toBe(true);
    const [header, ...rows] = csvRows(text(`${category.replaceAll('_', '-')}.csv`));
    expect(header?.length, `${category}.csv's columns`).toBeGreaterThan(0);
    expect(rows.length, `${category}.csv's rows`).toBe((records as unknown[]).length);
  }
  expect(csvRows(text('profile.csv'))[1]).toEqual(expect.arrayContaining([userId, name, email]));

  // Learning records are the learner's xAPI statements, as the LRS stores them.
  const statements = exported.learning_records as {
    actor: { account: { name: string } };
    verb: { id: string };
  }[];
  expect(statements.map((statement) => statement.verb.id)).toContain(
    'http://adlnet.gov/expapi/verbs/completed',
  );
  expect(statements.every((statement) => statement.actor.account.name === userId)).toBe(true);
  // The certificate with the reflection; the membership and the invitation by organisation.
  expect(exported.certificates).toEqual([
    expect.objectContaining({
      code,
      module: slug,
      reflection_learned: 'How isolation shows in a farming family.',
    }),
  ]);
  expect(exported.memberships).toEqual([
    expect.objectContaining({ organisation: expect.stringMatching(/^Moorland Practice/) }),
  ]);
  expect(exported.invitations).toEqual([
    expect.objectContaining({ organisation: expect.stringMatching(/^Dale PCN/), email }),
  ]);
  expect(exported.unlocks).toEqual(
    expect.arrayContaining([expect.objectContaining({ module: 'dementia' })]),
  );
  // Nested values (a statement's verb) sit in their cell as JSON.
  const [statementHeader, ...statementRows] = csvRows(text('learning-records.csv'));
  const verbColumn = statementHeader?.indexOf('verb') ?? -1;
  expect(verbColumn).toBeGreaterThanOrEqual(0);
  expect(statementRows.map((row) => JSON.parse(row[verbColumn] ?? '{}') as unknown)).toContainEqual(
    expect.objectContaining({ id: 'http://adlnet.gov/expapi/verbs/completed' }),
  );
});

test('Delete my account, confirmed with the password: signed out, the sign-in refused, the certificate no longer available', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.slow();
  const email = uniqueEmail('data-delete');
  const { code } = await userWithEveryKindOfData(email);
  await signedInAs(page, email, password);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL('/account');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('no longer available');
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('To confirm, type DELETE or your e-mail address').fill('DELETE');
  await expect(confirm).toBeEnabled();

  // A wrong password is refused under its field, and nothing is deleted.
  const passwordField = dialog.getByLabel('Your password');
  await passwordField.fill('Wrong1234');
  await confirm.click();
  await expect(dialog.getByText('Invalid login credentials')).toBeVisible();
  expectFailedRequests(consoleErrors, [400]);
  await expectNoAxeViolationsAtBothWidths(page);

  await passwordField.fill(password);
  await confirm.click();
  await expect(page).toHaveURL('/');
  await expect(toast(page, 'Your account has been deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profile' })).toHaveCount(0);
  // Signing out here sends the deleted user's token, which Auth refuses (403); supabase-js forgets
  // the session all the same.
  expectFailedRequests(consoleErrors, [403]);

  // The account is gone: its password no longer signs in. (Within the app: a new page load would
  // put back the session this test started with.)
  await page.getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Sign in failed', 'Invalid login credentials')).toBeVisible();
  expectFailedRequests(consoleErrors, [400]);

  // Anyone checking the certificate is told it is no longer available.
  const visitor = await browser.newContext();
  try {
    const check = await visitor.newPage();
    await check.goto(`/verify/${code}`);
    await expect(check.getByRole('heading', { name: 'No longer available' })).toBeVisible();
    await expect(check.getByText(name)).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test('Delete my account, confirmed with a code from the authenticator app of an account that has one', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail('data-delete-app');
  await createAccount(email, password, name);
  const secret = await enrolAuthenticatorApp(email, password);
  await page.goto('/account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/account');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  const code = dialog.getByRole('textbox', { name: 'Code from your authenticator app' });
  await expect(code).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toHaveCount(0);
  await dialog.getByLabel('To confirm, type DELETE or your e-mail address').fill(email);
  // A code the app showed ten minutes ago is refused under the field.
  await code.fill(totpCode(secret, Date.now() - 10 * 60_000));
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(
    dialog.getByText('Incorrect code. Enter the 6-digit code your authenticator app shows now.'),
  ).toBeVisible();
  expectFailedRequests(consoleErrors, [422]);
  await expectNoAxeViolationsAtBothWidths(page);

  await code.fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(toast(page, 'Your account has been deleted.')).toBeVisible();
  expectFailedRequests(consoleErrors, [403]);
  expect((await api().auth.signInWithPassword({ email, password })).error?.message).toBe(
    'Invalid login credentials',
  );
});

test('Delete my account of a Microsoft sign-in: confirmed by signing in with Microsoft again', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail('data-delete-microsoft');
  const consent = async () => {
    await expect(page).toHaveTitle('Sign in with Microsoft (local)');
    await page.getByLabel(/e-mail/i).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
  };
  await page.goto('/account');
  await expect(page).toHaveURL('/login?return_to=%2Faccount');
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await consent();
  await expect(page).toHaveURL('/account');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  let dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('You sign in with Microsoft.');
  await expect(dialog.getByLabel('Your password')).toHaveCount(0);
  await dialog.getByLabel('To confirm, type DELETE or your e-mail address').fill('DELETE');
  await expectNoAxeViolationsAtBothWidths(page);
  await dialog.getByRole('button', { name: 'Sign in again with Microsoft' }).click();
  await consent();

  // Back on /account with the dialog open again, and the address as it was.
  await expect(page).toHaveURL('/account');
  dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('You have signed in with Microsoft again.');
  await dialog.getByLabel('To confirm, type DELETE or your e-mail address').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(toast(page, 'Your account has been deleted.')).toBeVisible();
  expectFailedRequests(consoleErrors, [403]);
});
