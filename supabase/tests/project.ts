import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '@revolve/local-backend/keys';
import { clientFor, mailboxReader, totpCode } from '@revolve/local-backend/testing';
import {
  seeded,
  seededAdminTotpSecret,
  seededManagerTotpSecret,
  seedPassword,
} from './seedAccounts';

export {
  seeded,
  seededAdminTotpSecret,
  seededManagerTotpSecret,
  seededOrganisations,
  seedPassword,
} from './seedAccounts';

export const projectUrl = inject('projectUrl');
export const mailboxUrl = inject('projectMailboxUrl');
/** The project's mailbox, as the tests read it. */
export const mailbox = mailboxReader(mailboxUrl);

// The new API keys only: the backend of these tests refuses the legacy JWT keys (setup.ts).
export const anonClient = () => clientFor(projectUrl, LOCAL_PUBLISHABLE_KEY);
export const serviceClient = () => clientFor(projectUrl, LOCAL_SECRET_KEY);

const totpSecrets: Record<string, string> = {
  [seeded.admin.email]: seededAdminTotpSecret,
  [seeded.manager.email]: seededManagerTotpSecret,
};

/** Signed in as a user does, through the code from their authenticator app where they have one. */
export async function signedIn(email: string, password = seedPassword): Promise<SupabaseClient> {
  const client = await signedInAtAal1(email, password);
  const secret = totpSecrets[email];
  if (secret) await verifySecondFactor(client, secret);
  return client;
}

/** Signed in with the password only: a user with an authenticator app is then still at aal1. */
export async function signedInAtAal1(
  email: string,
  password = seedPassword,
): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`Could not sign in ${email}: ${error.message}`);
  return client;
}

/** Takes a signed-in client to aal2 with a code computed from its verified TOTP factor's secret. */
export async function verifySecondFactor(client: SupabaseClient, secret: string): Promise<void> {
  const { data: factors, error: listError } = await client.auth.mfa.listFactors();
  const factor = factors?.totp[0];
  if (listError || !factor)
    throw new Error(`No authenticator app to verify: ${listError?.message}`);
  const { error } = await client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: totpCode(secret),
  });
  if (error) throw new Error(`Could not verify the second factor: ${error.message}`);
}

/**
 * Enrols an authenticator app for a signed-in user and verifies it, which takes the session to aal2
 * (as a new admin does before using admin powers). Resolves to the app's secret.
 */
export async function enrolSecondFactor(client: SupabaseClient): Promise<string> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
  if (error) throw new Error(`Could not enrol an authenticator app: ${error.message}`);
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: data.id,
    code: totpCode(data.totp.secret),
  });
  if (verified.error) throw new Error(`Could not verify the new app: ${verified.error.message}`);
  return data.totp.secret;
}

/** A new account (its profile is made by the sign-up trigger), signed in. */
export async function newUser(
  name = 'Test User',
): Promise<{ client: SupabaseClient; id: string; email: string }> {
  const client = anonClient();
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const { data, error } = await client.auth.signUp({
    email,
    password: seedPassword,
    options: { data: { name } },
  });
  if (error || !data.user) throw new Error(`Could not sign up ${email}: ${error?.message}`);
  return { client, id: data.user.id, email };
}

/**
 * A new admin with a verified authenticator app, signed in through it (aal2). Tests that need an
 * admin's session at aal1 sign this account in again: verifying a code ends the user's other aal1
 * sessions (as GoTrue does), so the seeded admin's, shared by every file, cannot be relied on.
 */
export async function newAdmin(name = 'Test Admin'): Promise<{
  client: SupabaseClient;
  id: string;
  email: string;
  totpSecret: string;
}> {
  const user = await newUser(name);
  const { error } = await serviceClient()
    .from('user_roles')
    .insert({ user_id: user.id, role: 'admin' });
  if (error) throw new Error(`Could not make ${user.email} an admin: ${error.message}`);
  return { ...user, totpSecret: await enrolSecondFactor(user.client) };
}

/**
 * A new organisation, arranged in SQL: 1,000 seats and a term from 30 days ago to a year ahead
 * unless told otherwise. Resolves to its id.
 */
export async function newOrganisation(
  name = 'Test Organisation',
  options: { seats?: number; termStartsOn?: string; termEndsOn?: string } = {},
): Promise<string> {
  const { rows } = await database().query<{ id: string }>(
    `insert into public.organisations (name, kind, seats, term_starts_on, term_ends_on)
     values ($1, 'other', $2, coalesce($3::date, current_date - 30), coalesce($4::date, current_date + 365))
     returning id`,
    [name, options.seats ?? 1000, options.termStartsOn ?? null, options.termEndsOn ?? null],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`Could not create the organisation ${name}`);
  return id;
}

/** A new user made an active member of the organisation in SQL (role learner unless told). */
export async function newMember(
  organisationId: string,
  name = 'Test Member',
  role: 'learner' | 'manager' = 'learner',
): Promise<{ client: SupabaseClient; id: string; email: string; memberId: string }> {
  const user = await newUser(name);
  const { rows } = await database().query<{ id: string }>(
    `insert into public.organisation_members (organisation_id, user_id, role) values ($1, $2, $3)
     returning id`,
    [organisationId, user.id, role],
  );
  return { ...user, memberId: rows[0]?.id ?? '' };
}

/** A new manager of the organisation with a verified authenticator app, signed in through it (aal2). */
export async function newManager(
  organisationId: string,
  name = 'Test Manager',
): Promise<{
  client: SupabaseClient;
  id: string;
  email: string;
  memberId: string;
  totpSecret: string;
}> {
  const member = await newMember(organisationId, name, 'manager');
  return { ...member, totpSecret: await enrolSecondFactor(member.client) };
}

let pool: pg.Pool | undefined;
/** Direct SQL as postgres, to arrange and inspect state. */
export function database(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: inject('projectDbUrl'), max: 3 });
  return pool;
}

/** Until pg_net has sent everything queued and recorded each answer (it sends after commit). */
export async function pgNetIdle(): Promise<void> {
  await expect
    .poll(
      async () =>
        Number(
          (
            await database().query<{ n: string }>(
              'select count(*) as n from net.http_request_queue',
            )
          ).rows[0]?.n,
        ),
      { timeout: 10_000 },
    )
    .toBe(0);
}

/**
 * One run of the pg_cron job `name`, as pg_cron runs it: the scheduled command as one top-level
 * statement on a connection of its own, then pg_net's requests sent. Resolves to the run's error
 * message, or null when it succeeded.
 */
export async function runCronJob(name: string): Promise<string | null> {
  const { rows } = await database().query<{ command: string }>(
    'select command from cron.job where jobname = $1',
    [name],
  );
  let failure: string | null = null;
  try {
    await database().query(rows[0]?.command ?? '');
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  await pgNetIdle();
  return failure;
}

/**
 * Resolves once the database's clock is at least 15 seconds before the end of its minute: limits
 * counted per calendar minute then count a test's burst of requests in one minute, not two.
 */
export async function awayFromMinuteEnd(): Promise<void> {
  await expect
    .poll(
      async () =>
        Number(
          (
            await database().query<{ second: string }>(
              'select extract(second from clock_timestamp()) as second',
            )
          ).rows[0]?.second,
        ),
      { timeout: 20_000, interval: 500 },
    )
    .toBeLessThan(45);
}
