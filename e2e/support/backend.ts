import { expect } from '@playwright/test';
import { createClient, isAuthSessionMissingError } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { authStorageKey } from '../../src/lib/authStorageKey';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '@revolve/local-backend/keys';
import { mailboxReader, totpCode } from '@revolve/local-backend/testing';
import { seeded, seededAdminTotpSecret, seedPassword } from '../../supabase/tests/seedAccounts';

/**
 * This worker's local backend (its API and mailbox) and site (e2e/support/servers.ts): set by the
 * `servers` fixture in e2e/fixtures.ts before the worker's first test, and read when a test runs.
 */
export let apiUrl = '';
export let mailboxUrl = '';
export let siteOrigin = '';
/** Where this worker's site plays modules: the build's VITE_PLAYER_BASE_URL, on this backend. */
export let playerBase = '';

export function useServers(servers: {
  apiUrl: string;
  mailboxUrl: string;
  siteOrigin: string;
  playerBase: string;
}) {
  ({ apiUrl, mailboxUrl, siteOrigin, playerBase } = servers);
}

/** The seeded accounts the tests sign in as (supabase/seed.sql). */
export const accounts = { admin: seeded.admin.email, user: seeded.fresh.email } as const;
export { seededAdminTotpSecret, seedPassword as seededPassword };
const totpSecrets: Record<string, string> = { [accounts.admin]: seededAdminTotpSecret };

let counter = 0;
/** An e-mail address no other test uses. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** A supabase-js client in the runner's process (not a browser), so the secret key is allowed. */
function client(key = LOCAL_PUBLISHABLE_KEY) {
  return createClient(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

/** A new confirmed account, created through the API; resolves to its user id. */
export async function createAccount(
  email: string,
  password: string,
  name = 'Test User',
): Promise<string> {
  const { data, error } = await client().auth.signUp({
    email,
    password,
    options: { data: { name } },
  });
  if (error) throw error;
  if (!data.user) throw new Error(`Sign-up of ${email} returned no user.`);
  return data.user.id;
}

/** Writes a notification for a user as the backend's own jobs do (service role). */
export async function insertNotification(
  userId: string,
  notification: { title: string; message: string; type?: string },
): Promise<void> {
  const { error } = await client(LOCAL_SECRET_KEY)
    .from('notifications')
    .insert({ user_id: userId, type: 'info', ...notification });
  if (error) throw error;
}

/**
 * Browser storage holding a session of `email`, as supabase-js would have stored it after signing in
 * (through the code from the account's authenticator app, for an account with a published secret):
 * for Playwright's `storageState`, so a test starts signed in without going through the form.
 */
export function signedInStorageState(email: string, password = seedPassword, origin = siteOrigin) {
  if (!totpSecrets[email]) return newStorageState(email, password, origin);
  // One session per worker for an account with an authenticator app: each verified code ends the
  // account's other aal1 sessions (as GoTrue does), which would cut the ground from under a test
  // that signs the same account in through the form.
  const key = `${email} ${origin}`;
  let state = verifiedStates.get(key);
  if (!state) {
    state = newStorageState(email, password, origin);
    verifiedStates.set(key, state);
    state.catch(() => verifiedStates.delete(key));
  }
  return state;
}

const verifiedStates = new Map<string, ReturnType<typeof newStorageState>>();

async function newStorageState(email: string, password: string, origin: string) {
  const session = await signedInSession(email, password);
  return {
    cookies: [],
    origins: [{ origin, localStorage: [{ name: authStorageKey, value: JSON.stringify(session) }] }],
  };
}

/**
 * A session of `email`, through its authenticator app's code where the account has a published
 * secret. Another worker verifying a code for the same account ends this attempt's password-only
 * session (as GoTrue does); the attempt then starts again.
 */
async function signedInSession(email: string, password: string, attemptsLeft = 5) {
  const api = client();
  const { data, error } = await api.auth.signInWithPassword({ email, password });
  if (error) throw error;
  const secret = totpSecrets[email];
  if (!secret) return data.session;
  const { data: factors, error: listError } = await api.auth.mfa.listFactors();
  const factor = factors?.totp[0];
  const verified = factor
    ? await api.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpCode(secret) })
    : undefined;
  const failure = listError ?? verified?.error;
  if (failure && isAuthSessionMissingError(failure) && attemptsLeft > 1) {
    return signedInSession(email, password, attemptsLeft - 1);
  }
  if (failure) throw failure;
  if (!factor) throw new Error(`${email} has no authenticator app.`);
  return (await api.auth.getSession()).data.session;
}

/** The text of the newest e-mail to `email` with `subject`, once it has arrived. */
export async function latestEmailText(email: string, subject: string): Promise<string> {
  return (await latestEmail(email, subject)).text;
}

/** The newest e-mail to `email` with `subject` in full, attachments included, once it has arrived. */
export function latestEmail(email: string, subject: string) {
  return mailboxReader(mailboxUrl).waitFor(email, { subject });
}

/**
 * What the job send-certificate-emails does each minute, now: sends the certificate e-mails due
 * (the service role may call it), so a test need not wait for the minute.
 */
export async function sendCertificateEmails(): Promise<void> {
  const { error } = await service().rpc('send_certificate_emails');
  if (error) throw error;
}

function service() {
  return client(LOCAL_SECRET_KEY);
}

/** A new account with a pending trial request of its own; resolves to the request's id. */
export async function accountWithTrialRequest(email: string, password: string, name: string) {
  const userId = await createAccount(email, password, name);
  const user = client();
  const { error: signInError } = await user.auth.signInWithPassword({ email, password });
  if (signInError) throw signInError;
  const [firstName = '', ...rest] = name.split(' ');
  const { data, error } = await user
    .from('pending_trials')
    .insert({ email, first_name: firstName, last_name: rest.join(' '), status: 'pending' })
    .select('id')
    .single();
  if (error) throw error;
  return { userId, requestId: data.id };
}

/** A new account whose trial request was approved; resolves to the active trial's id. */
export async function accountWithActiveTrial(email: string, password: string, name: string) {
  const { userId, requestId } = await accountWithTrialRequest(email, password, name);
  const { data, error } = await service().rpc('approve_trial', { trial_id: requestId });
  if (error) throw error;
  return { userId, trialId: (data as { id: string }).id };
}

/** Approves the open trial request of an account, as an admin would (service role). */
export async function approveTrialRequestOf(email: string): Promise<void> {
  const { data, error } = await service()
    .from('pending_trials')
    .select('id')
    .eq('email', email)
    .eq('status', 'pending')
    .single();
  if (error) throw error;
  const approval = await service().rpc('approve_trial', { trial_id: (data as { id: string }).id });
  if (approval.error) throw approval.error;
}

/** Removes a row behind the admin page's back (service role), to make its action fail. */
export async function deleteRow(table: 'pending_trials' | 'active_trial_users', id: string) {
  const { error } = await service().from(table).delete().eq('id', id);
  if (error) throw error;
}

/** Messages in the mailbox to an address, newest first. */
export function emailsTo(email: string) {
  return mailboxReader(mailboxUrl).to(email);
}

async function userIdOf(email: string): Promise<string> {
  const { data, error } = await service().from('profiles').select('id').eq('email', email).single();
  if (error) throw error;
  return data.id as string;
}

/** The modules recorded as unlocked or started for an account (module_unlocks, service role). */
export async function moduleUnlocksOf(email: string): Promise<string[]> {
  const { data, error } = await service()
    .from('module_unlocks')
    .select('module_name')
    .eq('user_id', await userIdOf(email));
  if (error) throw error;
  return (data as { module_name: string }[]).map((row) => row.module_name);
}

/** How each module an account unlocked was opened: a trial, or an organisation's access code. */
export async function moduleUnlockGrantsOf(email: string) {
  const { data, error } = await service()
    .from('module_unlocks')
    .select('module_name, grant_kind, access_code_id')
    .eq('user_id', await userIdOf(email))
    .order('module_name');
  if (error) throw error;
  return data as { module_name: string; grant_kind: string; access_code_id: string | null }[];
}

/** An account's progress on a module as the LMS keeps it, read as the learner reads it (RLS). */
export async function learningProgressOf(email: string, password: string, module: string) {
  const learner = client();
  const { error: signInError } = await learner.auth.signInWithPassword({ email, password });
  if (signInError) throw signInError;
  const { data, error } = await learner
    .from('learning_progress')
    .select('seconds_watched, percent, completed_at')
    .eq('module', module)
    .maybeSingle();
  if (error) throw error;
  return data as { seconds_watched: number; percent: number; completed_at: string | null } | null;
}

/** An account's certificate for a module (the newest), as the learner reads it. */
export async function certificateOf(email: string, password: string, module: string) {
  const learner = client();
  const { error: signInError } = await learner.auth.signInWithPassword({ email, password });
  if (signInError) throw signInError;
  const { data, error } = await learner
    .from('certificates')
    .select('code, verified_minutes, revoked_at')
    .eq('module', module)
    .order('issued_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data;
}

/** Forgets that an account unlocked a module, so a test can watch the record being made. */
export async function deleteModuleUnlock(email: string, moduleName: string): Promise<void> {
  const { error } = await service()
    .from('module_unlocks')
    .delete()
    .eq('user_id', await userIdOf(email))
    .eq('module_name', moduleName);
  if (error) throw error;
}

/** Wrong module passwords entered by an account through the API, as a guesser would. */
export async function wrongUnlockAttempts(email: string, password: string, count: number) {
  const user = client();
  const { error: signInError } = await user.auth.signInWithPassword({ email, password });
  if (signInError) throw signInError;
  for (let attempt = 0; attempt < count; attempt += 1) {
    const { data, error } = await user.rpc('unlock_module', {
      slug: 'dementia',
      password: `wrong-${attempt}`,
    });
    if (error) throw error;
    expect(data).toMatchObject({ unlocked: false });
  }
}

/** A signed-in user's access token, for calling the backend directly as that user. */
export async function accessToken(email: string, password = seedPassword): Promise<string> {
  const { data, error } = await client().auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data.session.access_token;
}

/** A row as the backend holds it (service role), or null. */
export async function findRow(
  table: 'pending_trials' | 'active_trial_users' | 'user_roles',
  column: string,
  value: string,
) {
  const { data, error } = await service().from(table).select('*').eq(column, value).maybeSingle();
  if (error) throw error;
  return data as Record<string, unknown> | null;
}

/** Makes an account an admin as the backend's owner would (service role). */
export async function makeAdmin(userId: string): Promise<void> {
  const { error } = await service().from('user_roles').insert({ user_id: userId, role: 'admin' });
  if (error) throw error;
}

/**
 * Sets up an authenticator app for an account through the API, as the account security page does;
 * resolves to the app's secret, from which a test computes codes.
 */
export async function enrolAuthenticatorApp(email: string, password: string): Promise<string> {
  const api = client();
  const { error } = await api.auth.signInWithPassword({ email, password });
  if (error) throw error;
  const { data, error: enrolError } = await api.auth.mfa.enroll({ factorType: 'totp' });
  if (enrolError) throw enrolError;
  const verified = await api.auth.mfa.challengeAndVerify({
    factorId: data.id,
    code: totpCode(data.totp.secret),
  });
  if (verified.error) throw verified.error;
  return data.totp.secret;
}

/** A lead as the form files it, without the address hash submit-lead computes. */
interface LeadFields {
  first_name: string;
  last_name: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * Files leads as submit-lead does (service role), all in one statement: every one gets the same
 * moment, as many submissions at once would. That moment is two hours ago, so a test's bulk (the
 * export's 1,201) does not spend the form's site-wide hourly limit for the tests after it.
 */
export async function fileLeads(leads: readonly LeadFields[]): Promise<void> {
  const createdAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
  const { error } = await service()
    .from('leads')
    .insert(leads.map((lead) => ({ ...lead, client_key: '0'.repeat(64), created_at: createdAt })));
  if (error) throw error;
}
