/**
 * A user's data rights (docs/data-rights.md): the export holds every kind of record the platform
 * keeps about them and nothing of anyone else; the delete-account function wants a fresh proof of
 * identity, then deletes the account: it cannot sign in again, its certificate verifies as
 * withdrawn, its organisation seat is free and the audit log keeps an anonymised line.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '@revolve/local-backend/keys';
import {
  bearer,
  cmi5Category,
  playedSegments,
  send,
  sessionIdExtension,
  startSession,
  statement,
  verbs,
  type Session,
} from './cmi5Learner';
import {
  anonClient,
  database,
  enrolSecondFactor,
  newOrganisation,
  newUser,
  projectUrl,
  seedPassword,
  seeded,
  signedInAtAal1,
} from './project';

interface DataExport {
  format: string;
  exported_at: string;
  profile: Record<string, unknown>;
  [kind: string]: unknown;
}

type Row = Record<string, unknown>;

/** Watches all of Rural Minds (1,500 s) and completes it, as the player reports it. */
async function complete(session: Session): Promise<void> {
  await send(
    session,
    statement(session, verbs.initialized),
    statement(session, verbs.progressed, { extensions: { [playedSegments]: '0[.]1500' } }),
    {
      ...statement(session, verbs.completed, { completion: true, duration: 'PT25M' }),
      context: {
        registration: session.registration,
        contextActivities: { category: [{ id: cmi5Category }] },
        extensions: { [sessionIdExtension]: session.sessionId },
      },
    },
  );
}

/**
 * A learner with one of everything: a trial (requested, then active), an unlock, learning records
 * through the LRS, a certificate with its reflection and a send to a portfolio, a membership of an
 * organisation (with a cohort and an assignment), an invitation to their address, notifications.
 */
async function learnerWithEverything(name: string) {
  const user = await newUser(name);
  const db = database();
  await db.query(
    `insert into public.pending_trials (user_id, first_name, last_name, email, status, reviewed_at)
     values ($1, 'Data', 'Owner', $2, 'approved', now())`,
    [user.id, user.email],
  );
  await db.query(
    `insert into public.active_trial_users (user_id, email, expires_at)
     values ($1, $2, now() + interval '30 days')`,
    [user.id, user.email],
  );
  await db.query(
    `insert into public.module_unlocks (user_id, module_name, grant_kind) values ($1, 'dementia', 'trial')`,
    [user.id],
  );
  const organisationId = await newOrganisation(`${name} Practice`, { seats: 1 });
  const { rows: cohorts } = await db.query<{ id: string }>(
    `insert into public.cohorts (organisation_id, name) values ($1, 'Nurses') returning id`,
    [organisationId],
  );
  await db.query(
    `insert into public.organisation_members (organisation_id, user_id, role, cohort_id)
     values ($1, $2, 'learner', $3)`,
    [organisationId, user.id, cohorts[0]?.id],
  );
  await db.query(
    `insert into public.assignments (organisation_id, cohort_id, module, due_on)
     values ($1, $2, 'rural-minds', current_date + 14)`,
    [organisationId, cohorts[0]?.id],
  );
  const otherOrganisation = await newOrganisation(`${name} Hub`);
  await db.query(
    `insert into public.organisation_invitations (organisation_id, email, role) values ($1, lower($2), 'learner')`,
    [otherOrganisation, user.email],
  );

  const session = await startSession(user.client);
  await complete(session);
  const { data: certificates } = await user.client.from('certificates').select('id, code');
  const certificate = certificates?.[0] as { id: string; code: string } | undefined;
  if (!certificate) throw new Error('No certificate was issued');
  const reflection = await user.client.rpc('save_certificate_reflection', {
    certificate_id: certificate.id,
    learned: 'How to ask about isolation.',
    application: 'At every review.',
    next_steps: 'Read the local guidance.',
  });
  expect(reflection.error).toBeNull();
  const portfolio = await user.client.rpc('send_certificate_to_portfolio', {
    certificate_id: certificate.id,
    recipient: 'portfolio@example.org',
  });
  expect(portfolio.error).toBeNull();
  return { ...user, organisationId, session, certificate };
}

async function exportOf(client: SupabaseClient): Promise<DataExport> {
  const { data, error } = await client.rpc('export_my_data');
  expect(error).toBeNull();
  return data as DataExport;
}

function deleteAccount(authorization: string | undefined, body: unknown = {}) {
  return fetch(`${projectUrl}/functions/v1/delete-account`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_PUBLISHABLE_KEY,
      'Content-Type': 'application/json',
      ...(authorization ? { Authorization: authorization } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** Makes the client's sign-in `minutes` old: its session's methods dated back, its token renewed. */
async function signedInMinutesAgo(client: SupabaseClient, userId: string, minutes: number) {
  await database().query(
    `update auth.mfa_amr_claims c set created_at = now() - make_interval(mins => $2),
       updated_at = now() - make_interval(mins => $2)
     from auth.sessions s where s.id = c.session_id and s.user_id = $1`,
    [userId, minutes],
  );
  const { error } = await client.auth.refreshSession();
  expect(error).toBeNull();
}

async function verifyStatus(code: string) {
  const response = await fetch(`${projectUrl}/rest/v1/rpc/verify_certificate`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_PUBLISHABLE_KEY,
      'Content-Type': 'application/json',
      'X-Forwarded-For': randomUUID(),
    },
    body: JSON.stringify({ code }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Row;
}

const reauthenticationNeeded = {
  error:
    "Please confirm it's you again: sign in again or enter a code from your authenticator app.",
  code: 'reauthentication_needed',
};

describe('export_my_data', () => {
  it('holds every kind of record of a user who has each, as arrays of records', async () => {
    const learner = await learnerWithEverything('Export Owner');
    const data = await exportOf(learner.client);

    expect(data.format).toBe('revolve-data-export/1');
    expect(Date.parse(data.exported_at)).not.toBeNaN();
    expect(data.profile).toMatchObject({
      id: learner.id,
      name: 'Export Owner',
      email: learner.email,
      sign_in_methods: ['email'],
    });
    for (const [key, value] of Object.entries(data)) {
      if (['format', 'exported_at', 'profile'].includes(key)) continue;
      expect(Array.isArray(value), key).toBe(true);
    }
    const list = (key: string) => data[key] as Row[];
    expect(list('trials').map((trial) => trial.stage)).toEqual(['request', 'active']);
    expect(list('unlocks')).toEqual([
      expect.objectContaining({ module: 'dementia', granted_by: 'trial' }),
    ]);
    expect(list('learning_progress')).toEqual([
      expect.objectContaining({ module: 'rural-minds', percent: 100 }),
    ]);
    const records = list('learning_records');
    expect(records.length).toBeGreaterThanOrEqual(4);
    for (const record of records) {
      expect(record.actor).toEqual(learner.session.actor);
      expect(record).toHaveProperty('stored');
      expect(record).toHaveProperty('authority');
    }
    expect(records.map((record) => (record.verb as { id: string }).id)).toEqual(
      expect.arrayContaining([verbs.launched, verbs.completed, verbs.satisfied]),
    );
    expect(list('certificates')).toEqual([
      expect.objectContaining({
        code: learner.certificate.code,
        module: 'rural-minds',
        reflection_learned: 'How to ask about isolation.',
        reflection_application: 'At every review.',
        reflection_next_steps: 'Read the local guidance.',
        portfolio_sends: [expect.objectContaining({ recipient: 'portfolio@example.org' })],
      }),
    ]);
    expect(list('memberships')).toEqual([
      expect.objectContaining({
        organisation: 'Export Owner Practice',
        role: 'learner',
        cohort: 'Nurses',
        left_at: null,
        assignments: [expect.objectContaining({ module: 'rural-minds' })],
      }),
    ]);
    expect(list('invitations')).toEqual([
      expect.objectContaining({ organisation: 'Export Owner Hub', email: learner.email }),
    ]);
    expect(list('notifications').map((notification) => notification.title)).toContain(
      'Certificate ready',
    );
    expect(list('email_deliveries').map((delivery) => delivery.kind)).toEqual(
      expect.arrayContaining(['certificate_issued', 'certificate_portfolio']),
    );
    expect(list('roles')).toEqual([]);
    expect(list('authenticator_apps')).toEqual([]);
  });

  it("holds nothing of another user, and an authenticator app's name but never its secret", async () => {
    const other = await learnerWithEverything('Someone Else');
    const user = await newUser('Export Reader');
    const secret = await enrolSecondFactor(user.client);
    const data = await exportOf(user.client);
    const text = JSON.stringify(data);
    for (const value of [other.id, other.email, other.certificate.code, 'Someone Else']) {
      expect(text).not.toContain(value);
    }
    expect(text).not.toContain(secret);
    expect(data.authenticator_apps).toEqual([
      expect.objectContaining({ kind: 'totp', status: 'verified' }),
    ]);
    expect(data.learning_records).toEqual([]);
    expect(data.certificates).toEqual([]);
  });

  it('refuses visitors', async () => {
    const { data, error } = await anonClient().rpc('export_my_data');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });
});

describe('delete-account', () => {
  it('answers 401 without a user token', async () => {
    const response = await deleteAccount(undefined);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Please sign in.' });
  });

  it('wants a sign-in from the last 10 minutes, and deletes nothing before', async () => {
    const user = await newUser('Stale Session');
    await signedInMinutesAgo(user.client, user.id, 11);
    const response = await deleteAccount(await bearer(user.client));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(reauthenticationNeeded);
    const { rows } = await database().query('select 1 from public.profiles where id = $1', [
      user.id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('wants a code from the authenticator app of a user who has one', async () => {
    const user = await newUser('Has An App');
    await enrolSecondFactor(user.client);
    const atAal1 = await signedInAtAal1(user.email);
    const response = await deleteAccount(await bearer(atAal1));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(reauthenticationNeeded);
    // The session through the app, minutes old, is fresh enough.
    expect((await deleteAccount(await bearer(user.client))).status).toBe(200);
  });

  it('takes no user id: another account named in the body is refused and stays', async () => {
    const caller = await newUser('Would Delete Others');
    const target = await newUser('Not Theirs');
    const response = await deleteAccount(await bearer(caller.client), { user_id: target.id });
    expect(response.status).toBe(400);
    const { rows } = await database().query(
      'select id from public.profiles where id = any ($1::uuid[]) order by id',
      [[caller.id, target.id]],
    );
    expect(rows).toHaveLength(2);
  });

  it('deletes the account after a fresh sign-in: no sign-in, the certificate withdrawn, the seat free, the log anonymised', async () => {
    const learner = await learnerWithEverything('Leaving Learner');
    const db = database();
    // An admin's earlier action on the account, as the log recorded it.
    const { rows: earlier } = await db.query<{ id: string }>(
      `insert into public.admin_audit_log (actor_id, actor_email, action, target_user_id, target_id, details)
       values ($1, $2, 'approve_trial', $3, gen_random_uuid(), jsonb_build_object('email', $4::text))
       returning id`,
      [seeded.admin.id, seeded.admin.email, learner.id, learner.email],
    );
    // Auth's own trail of the account's sign-ins, as hosted Auth writes it.
    await db.query(
      `insert into auth.audit_log_entries (id, payload, ip_address)
       values (gen_random_uuid(), jsonb_build_object('actor_id', $1::text, 'actor_username', $2::text,
         'action', 'login'), '192.0.2.1')`,
      [learner.id, learner.email],
    );
    expect((await verifyStatus(learner.certificate.code)).status).toBe('valid');

    const response = await deleteAccount(await bearer(learner.client));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });

    const { error } = await anonClient().auth.signInWithPassword({
      email: learner.email,
      password: seedPassword,
    });
    expect(error?.code).toBe('invalid_credentials');
    const { error: refreshError } = await learner.client.auth.refreshSession();
    expect(refreshError).not.toBeNull();

    expect(await verifyStatus(learner.certificate.code)).toEqual({
      status: 'withdrawn',
      holder_name: null,
      module: null,
      module_title: null,
      completed_at: null,
      verified_minutes: null,
      revoked_at: null,
    });

    const { rows: seats } = await db.query('select private.organisation_seats_used($1) as used', [
      learner.organisationId,
    ]);
    expect(seats).toEqual([{ used: 0 }]);

    const { rows: line } = await db.query(
      'select actor_id, actor_email, target_user_id, details from public.admin_audit_log where id = $1',
      [earlier[0]?.id],
    );
    expect(line).toEqual([
      {
        actor_id: seeded.admin.id,
        actor_email: seeded.admin.email,
        target_user_id: null,
        details: {},
      },
    ]);
    const { rows: deletion } = await db.query<{ details: Row; actor_email: string | null }>(
      `select actor_email, details from public.admin_audit_log
       where action = 'delete_account' and at > now() - interval '1 minute'
         and details ->> 'memberships_ended' = '1' and details ->> 'certificates_withdrawn' = '1'`,
    );
    expect(deletion.length).toBeGreaterThanOrEqual(1);
    expect(deletion[0]?.actor_email).toBeNull();

    // Nothing left names the person: no row with their id, address or learner key.
    const { rows: left } = await db.query(
      `select 'auth.users' as kept from auth.users where id = $1
       union all select 'profiles' from public.profiles where id = $1
       union all select 'audit' from public.admin_audit_log
         where $1 in (actor_id, target_user_id) or details::text ilike '%' || $2 || '%'
           or actor_email ilike $2
       union all select 'invitations' from public.organisation_invitations where email = lower($2)
       union all select 'statements' from xapi.statements where statement::text like '%' || $1 || '%'
       union all select 'documents' from xapi.documents where agent_key like '%' || $1 || '%'
       union all select 'email_deliveries' from public.email_deliveries where user_id = $1
       union all select 'auth.audit_log_entries' from auth.audit_log_entries
         where payload ->> 'actor_id' = $1::text`,
      [learner.id, learner.email],
    );
    expect(left).toEqual([]);
  });

  it('ends safely when the same account is deleted twice at once', async () => {
    const user = await newUser('Double Delete');
    const authorization = await bearer(user.client);
    const responses = await Promise.all([
      deleteAccount(authorization),
      deleteAccount(authorization),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const { rows } = await database().query(
      `select (select count(*) from auth.users where id = $1)::int as users,
         (select count(*) from public.admin_audit_log where action = 'delete_account'
           and at > now() - interval '1 minute' and details ->> 'reason' = 'requested by the account holder'
         )::int > 0 as recorded`,
      [user.id],
    );
    expect(rows).toEqual([{ users: 0, recorded: true }]);
  });
});
