import { FunctionsHttpError, type User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeTurnstile, uninstallFakeTurnstile } from '@/lib/captcha/fakeTurnstile';
import { renderWithProviders } from '@/test/render';
import { supabaseFake } from '@/test/supabaseFake';
import { dataExportFiles, dataExportZip } from '../dataExportZip';
import type { DataExport } from '../exportFormat';
import AccountPage from './AccountPage';

const api = vi.hoisted(() => ({
  signInWithPassword: vi.fn(),
  verifySignInCode: vi.fn(),
  signInWithProvider: vi.fn(),
}));
const { toastSuccess, toastError, signOutHere, downloadFile } = vi.hoisted(() => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  signOutHere: vi.fn(),
  downloadFile: vi.fn(),
}));
vi.mock('@/lib/auth/api', () => api);
vi.mock('@/lib/auth/authSession', () => ({ signOutHere }));
vi.mock('@/lib/downloadFile', () => ({ downloadFile }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));
vi.mock('@/lib/logger', () => ({ logger: { error: vi.fn(), warn: vi.fn() } }));

/** An account as the session holds it: signed up with these providers. */
function account(providers: string[]): User {
  return {
    id: 'u1',
    email: 'sam@example.com',
    app_metadata: { provider: providers[0], providers },
  } as unknown as User;
}

const verifiedApp = {
  id: 'f1',
  friendly_name: 'Authenticator app',
  factor_type: 'totp',
  status: 'verified',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

/** The user's authenticator apps, as listFactors answers. */
function answerApps(apps: (typeof verifiedApp)[]) {
  supabaseFake.answer('auth:mfa.listFactors', { data: { all: apps, totp: apps } });
}

const exported: DataExport = {
  format: 'revolve-data-export/1',
  exported_at: '2026-12-06T10:00:00Z',
  profile: { id: 'u1', name: 'Sam Patel', email: 'sam@example.com' },
  trials: [{ status: 'active', granted_at: '2026-12-01T10:00:00Z', expires_at: null }],
  unlocks: [{ module: 'dementia', grant_kind: 'trial' }],
  learning_records: [
    {
      id: 's1',
      verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
      result: { completion: true },
    },
  ],
  certificates: [{ code: 'ABCD2345EFGH', reflection_learned: '=HYPERLINK("http://x.example")' }],
  memberships: [{ organisation: 'Harbour PCN', role: 'learner' }, { cohort: 'Nurses' }],
  notifications: [],
  invitations: [],
};

const renderPage = (user: User, route = '/account') =>
  renderWithProviders(<AccountPage />, {
    auth: { user },
    route,
    path: '/account',
    otherRoutes: { '/': <p>Home page</p> },
  });

async function openDialog(userEvents: ReturnType<typeof userEvent.setup>) {
  await userEvents.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('alertdialog', { name: 'Delete your account?' });
}

const confirmField = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'To confirm, type DELETE or your e-mail address' });

function refusal(status: number, body: Record<string, string>) {
  return new FunctionsHttpError(new Response(JSON.stringify(body), { status }));
}

beforeEach(() => {
  supabaseFake.reset();
  supabaseFake.answer('from:profiles', { data: { name: 'Sam Patel' } });
  answerApps([]);
  for (const mock of [...Object.values(api), toastSuccess, toastError, signOutHere, downloadFile]) {
    mock.mockReset();
  }
  signOutHere.mockResolvedValue(null);
  // The password sign-in is a public form's: it sends the captcha's token.
  installFakeTurnstile();
});
afterEach(uninstallFakeTurnstile);

describe('the data download', () => {
  it('holds the whole export as JSON and one CSV per kind of record, the profile included', () => {
    const files = dataExportFiles(exported);
    expect(Object.keys(files).sort()).toEqual([
      'certificates.csv',
      'invitations.csv',
      'learning-records.csv',
      'memberships.csv',
      'notifications.csv',
      'profile.csv',
      'revolve-data.json',
      'trials.csv',
      'unlocks.csv',
    ]);
    expect(JSON.parse(files['revolve-data.json'] ?? '')).toEqual(exported);
  });

  it('writes each record as a row under its fields, nested values as JSON, formulas escaped', () => {
    const files = dataExportFiles(exported);
    const rows = (name: string) =>
      Papa.parse<string[]>((files[name] ?? '').replace(/^\uFEFF/, ''), { skipEmptyLines: true })
        .data;
    expect(rows('profile.csv')).toEqual([
      ['id', 'name', 'email'],
      ['u1', 'Sam Patel', 'sam@example.com'],
    ]);
    expect(rows('trials.csv')).toEqual([
      ['status', 'granted_at', 'expires_at'],
      ['active', '2026-12-01T10:00:00Z', ''],
    ]);
    expect(rows('learning-records.csv')).toEqual([
      ['id', 'verb', 'result'],
      ['s1', '{"id":"http://adlnet.gov/expapi/verbs/completed"}', '{"completion":true}'],
    ]);
    // A spreadsheet must not run a learner's text as a formula.
    expect(rows('certificates.csv')[1]).toEqual([
      'ABCD2345EFGH',
      `'=HYPERLINK("http://x.example")`,
    ]);
    // Every field of any record is a column; a record without one leaves its cell empty.
    expect(rows('memberships.csv')).toEqual([
      ['organisation', 'role', 'cohort'],
      ['Harbour PCN', 'learner', ''],
      ['', '', 'Nurses'],
    ]);
    expect(rows('notifications.csv')).toEqual([]);
  });

  it('zips the files', () => {
    const unzipped = unzipSync(dataExportZip(exported));
    expect(Object.keys(unzipped)).toContain('learning-records.csv');
    expect(JSON.parse(strFromU8(unzipped['revolve-data.json'] ?? new Uint8Array()))).toEqual(
      exported,
    );
  });

  it('downloads revolve-my-data-<day>.zip from the page, busy while it is prepared', async () => {
    const userEvents = userEvent.setup();
    let answer!: (value: { data: DataExport }) => void;
    supabaseFake.answer('rpc:export_my_data', () => new Promise((resolve) => (answer = resolve)));
    renderPage(account(['email']));
    await userEvents.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(screen.getByRole('button', { name: 'Preparing your data...' })).toBeDisabled();
    answer({ data: exported });
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    const [fileName, blob] = downloadFile.mock.calls[0] as [string, Blob];
    expect(fileName).toMatch(/^revolve-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(blob.type).toBe('application/zip');
    expect(toastSuccess).toHaveBeenCalledWith(
      'Your data is downloaded',
      'Look for it in your downloads.',
    );
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it("a failure says so with the server's words", async () => {
    const userEvents = userEvent.setup();
    supabaseFake.answer('rpc:export_my_data', { error: { message: 'JWT expired' } });
    renderPage(account(['email']));
    await userEvents.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Download failed', 'JWT expired'));
    expect(downloadFile).not.toHaveBeenCalled();
  });
});

describe('/account', () => {
  it("shows the user's name and address and leads to the security settings", async () => {
    renderPage(account(['email']));
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    expect(await screen.findByText('Sam Patel')).toBeVisible();
    expect(screen.getByText('sam@example.com')).toBeVisible();
    const security = screen.getByRole('link', { name: 'Security' });
    expect(security).toHaveAttribute('href', '/account/security');
    expect(security).toHaveAccessibleDescription('Sign-in and two-factor authentication');
    expect(screen.getByRole('region', { name: 'Your data' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Delete your account' })).toBeVisible();
  });
});

describe('deleting the account', () => {
  it('says what goes and what stays, and enables the button once DELETE or the address is typed', async () => {
    const userEvents = userEvent.setup();
    renderPage(account(['email']));
    const dialog = await openDialog(userEvents);
    expect(dialog).toHaveTextContent('your learning records and progress');
    expect(dialog).toHaveTextContent(
      'anyone who checks one will be told it is no longer available',
    );
    expect(dialog).toHaveTextContent('your organisation memberships, which frees your seat');
    expect(dialog).toHaveTextContent(
      'Our audit log keeps a line saying that an account was deleted',
    );
    const submit = await within(dialog).findByRole('button', { name: 'Delete my account' });
    expect(submit).toBeDisabled();
    await userEvents.type(confirmField(dialog), 'delete');
    expect(submit).toBeDisabled();
    await userEvents.clear(confirmField(dialog));
    await userEvents.type(confirmField(dialog), 'DELETE');
    expect(submit).toBeEnabled();
    await userEvents.clear(confirmField(dialog));
    await userEvents.type(confirmField(dialog), 'Sam@Example.com');
    expect(submit).toBeEnabled();
  });

  it('with an authenticator app: asks for a code, checks it, then deletes and goes home', async () => {
    const userEvents = userEvent.setup();
    answerApps([verifiedApp]);
    api.verifySignInCode.mockResolvedValue(null);
    supabaseFake.answer('invoke:delete-account', { data: { deleted: true } });
    renderPage(account(['email']));
    const dialog = await openDialog(userEvents);
    const code = await within(dialog).findByRole('textbox', {
      name: 'Code from your authenticator app',
    });
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
    await userEvents.type(confirmField(dialog), 'DELETE');
    await userEvents.type(code, '123 456');
    await userEvents.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Home page')).toBeVisible();
    expect(api.verifySignInCode).toHaveBeenCalledWith('123456');
    expect(supabaseFake.lastCall('invoke:delete-account').args).toEqual({});
    expect(signOutHere).toHaveBeenCalledWith('local');
    expect(toastSuccess).toHaveBeenCalledWith('Your account has been deleted.');
  });

  it('a wrong code shows under the field and deletes nothing', async () => {
    const userEvents = userEvent.setup();
    answerApps([verifiedApp]);
    api.verifySignInCode.mockResolvedValue({
      message: 'Invalid TOTP code entered',
      code: 'mfa_verification_failed',
    });
    renderPage(account(['email']));
    const dialog = await openDialog(userEvents);
    const code = await within(dialog).findByRole('textbox', {
      name: 'Code from your authenticator app',
    });
    await userEvents.type(confirmField(dialog), 'DELETE');
    await userEvents.type(code, '000000');
    await userEvents.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog).findByText(
        'Incorrect code. Enter the 6-digit code your authenticator app shows now.',
      ),
    ).toBeVisible();
    expect(supabaseFake.calls('invoke:delete-account')).toHaveLength(0);
    expect(code).toHaveValue('000000');
  });

  it('with a password: signs in again with it, and a refusal keeps the dialog and what was typed', async () => {
    const userEvents = userEvent.setup();
    api.signInWithPassword.mockResolvedValue(null);
    const message =
      "Please confirm it's you again: sign in again or enter a code from your authenticator app.";
    supabaseFake.answer('invoke:delete-account', {
      error: refusal(403, { error: message, code: 'reauthentication_needed' }),
    });
    renderPage(account(['email']));
    const dialog = await openDialog(userEvents);
    const password = await within(dialog).findByLabelText('Your password');
    expect(within(dialog).queryByLabelText('Code from your authenticator app')).toBeNull();
    await userEvents.type(confirmField(dialog), 'DELETE');
    await userEvents.type(password, 'Welcome123');
    await userEvents.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(api.signInWithPassword).toHaveBeenCalledWith('sam@example.com', 'Welcome123', 'token-1');
    expect(password).toHaveValue('Welcome123');
    expect(confirmField(dialog)).toHaveValue('DELETE');
    expect(signOutHere).not.toHaveBeenCalled();
  });

  it('a wrong password shows under the field', async () => {
    const userEvents = userEvent.setup();
    api.signInWithPassword.mockResolvedValue({ message: 'Invalid login credentials' });
    renderPage(account(['email']));
    const dialog = await openDialog(userEvents);
    await userEvents.type(confirmField(dialog), 'DELETE');
    await userEvents.type(await within(dialog).findByLabelText('Your password'), 'nope');
    await userEvents.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Invalid login credentials')).toBeVisible();
    expect(supabaseFake.calls('invoke:delete-account')).toHaveLength(0);
  });

  it('signed up with Google only: signs in again with Google first', async () => {
    const userEvents = userEvent.setup();
    api.signInWithProvider.mockResolvedValue(null);
    renderPage(account(['google']));
    const dialog = await openDialog(userEvents);
    expect(
      await within(dialog).findByText(/You sign in with Google\. To confirm it is you/),
    ).toBeVisible();
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    const signIn = within(dialog).getByRole('button', { name: 'Sign in again with Google' });
    expect(signIn).toBeDisabled();
    await userEvents.type(confirmField(dialog), 'DELETE');
    await userEvents.click(signIn);
    await waitFor(() =>
      expect(api.signInWithProvider).toHaveBeenCalledWith(
        'google',
        '/account?delete-account=confirm',
      ),
    );
    expect(supabaseFake.calls('invoke:delete-account')).toHaveLength(0);
  });

  it('back from signing in again with Microsoft: the dialog is open and deletes at once', async () => {
    const userEvents = userEvent.setup();
    supabaseFake.answer('invoke:delete-account', { data: { deleted: true } });
    renderPage(account(['azure']), '/account?delete-account=confirm');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(
      await within(dialog).findByText(/You have signed in with Microsoft again/),
    ).toBeVisible();
    await userEvents.type(confirmField(dialog), 'DELETE');
    await userEvents.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Home page')).toBeVisible();
    expect(toastSuccess).toHaveBeenCalledWith('Your account has been deleted.');
  });
});
