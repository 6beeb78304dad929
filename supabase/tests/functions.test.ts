/**
 * The edge functions behind the admin dashboard, through supabase.functions.invoke as the app calls
 * them: success, each error with its status and message, who may call them, and the e-mails sent.
 */
import { createHmac } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { corsHeaders as supabaseCorsHeaders } from '@supabase/supabase-js/cors';
import { LOCAL_PUBLISHABLE_KEY } from '@revolve/local-backend/keys';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  database,
  enrolSecondFactor,
  mailbox,
  newUser,
  projectUrl,
  seeded,
  serviceClient,
  signedIn,
} from './project';

let admin: SupabaseClient;

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
});

/** What a failed invoke answered: its status and `{error}` message. */
async function failure(result: { error: unknown }): Promise<{ status: number; message: string }> {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  const response = (result.error as FunctionsHttpError).context as Response;
  return { status: response.status, message: ((await response.json()) as { error: string }).error };
}

async function pendingRequest(name: string) {
  const user = await newUser(name);
  const [first = '', ...rest] = name.split(' ');
  const { data } = await user.client
    .from('pending_trials')
    .insert({ first_name: first, last_name: rest.join(' '), email: user.email, status: 'pending' })
    .select('id')
    .single();
  return { ...user, requestId: (data as { id: string }).id };
}

describe('approve-trial', () => {
  it('grants the trial and e-mails the user', async () => {
    const user = await pendingRequest('Email Approved');
    const { data, error } = await admin.functions.invoke('approve-trial', {
      body: { trial_id: user.requestId, email: user.email },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      trial: { user_id: user.id, email: user.email },
      email_sent: true,
    });
    const mail = await mailbox.waitFor(user.email);
    expect(mail.subject).toBe('Your Revolve trial is active');
    expect(mail.text).toMatch(
      /^Hello Email Approved,\n\nYour 30-day trial of the Revolve 360 training library is active until \d{1,2} \w+ \d{4}\./,
    );
    expect(mail.text).toContain('/training-library-trial');
  });

  it('answers 409 the second time and 404 for an unknown request', async () => {
    const user = await pendingRequest('Twice Approved');
    await admin.functions.invoke('approve-trial', {
      body: { trial_id: user.requestId, email: user.email },
    });
    expect(
      await failure(
        await admin.functions.invoke('approve-trial', {
          body: { trial_id: user.requestId, email: user.email },
        }),
      ),
    ).toEqual({
      status: 409,
      message: 'This trial request has already been approved',
    });
    expect(
      await failure(
        await admin.functions.invoke('approve-trial', {
          body: { trial_id: '00000000-0000-4000-8000-000000000000', email: user.email },
        }),
      ),
    ).toEqual({ status: 404, message: 'Trial request not found' });
  });

  it('validates its body', async () => {
    expect(
      await failure(
        await admin.functions.invoke('approve-trial', {
          body: { trial_id: 'nope', email: 'x@example.com' },
        }),
      ),
    ).toEqual({
      status: 400,
      message: 'trial_id: must be the id of a trial request',
    });
    expect(
      await failure(await admin.functions.invoke('approve-trial', { body: 'not json' })),
    ).toMatchObject({ status: 400 });
  });

  it('refuses non-admins with 403 and anonymous callers with 401, changing nothing', async () => {
    const user = await pendingRequest('Self Approval');
    expect(
      await failure(
        await user.client.functions.invoke('approve-trial', {
          body: { trial_id: user.requestId, email: user.email },
        }),
      ),
    ).toEqual({
      status: 403,
      message: 'You do not have admin privileges.',
    });
    const anon = await anonClient().functions.invoke('approve-trial', {
      body: { trial_id: user.requestId, email: user.email },
    });
    expect(((anon.error as FunctionsHttpError).context as Response).status).toBe(401);
    const { data } = await serviceClient()
      .from('pending_trials')
      .select('status')
      .eq('id', user.requestId)
      .single();
    expect(data?.status).toBe('pending');
  });
});

describe('expire-trial', () => {
  it('moves an active trial to expired trials, with the re-trial choice', async () => {
    const user = await pendingRequest('Function Expired');
    const { data: approved } = await admin.functions.invoke('approve-trial', {
      body: { trial_id: user.requestId, email: user.email },
    });
    const trialId = (approved as { trial: { id: string } }).trial.id;
    const { data, error } = await admin.functions.invoke('expire-trial', {
      body: { trial_id: trialId, can_retrial: true },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ expired: { user_id: user.id, can_retrial: true } });
    expect(
      await failure(await admin.functions.invoke('expire-trial', { body: { trial_id: trialId } })),
    ).toEqual({
      status: 404,
      message: 'Active trial not found',
    });
  });

  it('refuses non-admins', async () => {
    const user = await newUser('Not An Admin');
    const result = await user.client.functions.invoke('expire-trial', {
      body: { trial_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect((await failure(result)).status).toBe(403);
  });
});

describe('grant-admin-role', () => {
  it('makes an account an admin, then answers 409; 404 for an unknown e-mail; 400 without an at-sign', async () => {
    const user = await newUser('Granted Admin');
    await enrolSecondFactor(user.client);
    const { data, error } = await admin.functions.invoke('grant-admin-role', {
      body: { user_email: user.email },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ role: { user_id: user.id, role: 'admin' } });
    expect(
      (
        await failure(
          await admin.functions.invoke('grant-admin-role', { body: { user_email: user.email } }),
        )
      ).status,
    ).toBe(409);
    expect(
      await failure(
        await admin.functions.invoke('grant-admin-role', {
          body: { user_email: 'nobody@example.net' },
        }),
      ),
    ).toEqual({
      status: 404,
      message: 'No account uses the e-mail nobody@example.net',
    });
    expect(
      (
        await failure(
          await admin.functions.invoke('grant-admin-role', { body: { user_email: 'no-at-sign' } }),
        )
      ).status,
    ).toBe(400);
  });
});

/**
 * An HS256 token claiming to be the seeded admin through a second factor, signed with a secret the
 * project does not use.
 */
function forgedAdminToken(): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
    sub: seeded.admin.id,
    email: seeded.admin.email,
    role: 'authenticated',
    aal: 'aal2',
    amr: [{ method: 'totp', timestamp: now }],
    aud: 'authenticated',
    iat: now,
    exp: now + 3600,
  })}`;
  const signature = createHmac('sha256', 'not-the-project-secret-at-all-0123456789')
    .update(unsigned)
    .digest('base64url');
  return `${unsigned}.${signature}`;
}

describe('a forged token', () => {
  for (const name of [
    'approve-trial',
    'expire-trial',
    'grant-admin-role',
    'send-trial-activated',
  ]) {
    it(`${name} answers 401 to a token not signed by the project`, async () => {
      const response = await fetch(`${projectUrl}/functions/v1/${name}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${forgedAdminToken()}`,
          apikey: LOCAL_PUBLISHABLE_KEY,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ user_email: seeded.fresh.email }),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Please sign in.' });
    });
  }

  it('leaves the account it named without the admin role', async () => {
    const { data } = await serviceClient()
      .from('user_roles')
      .select('role')
      .eq('user_id', seeded.fresh.id);
    expect(data).toEqual([]);
  });
});

describe('grant-admin-role refusals', () => {
  it('refuses non-admins, and the account stays without the role', async () => {
    const caller = await newUser('Would Be Admin');
    const target = await newUser('Target Of Grant');
    const result = await caller.client.functions.invoke('grant-admin-role', {
      body: { user_email: target.email },
    });
    expect(await failure(result)).toEqual({
      status: 403,
      message: 'You do not have admin privileges.',
    });
    const anon = await anonClient().functions.invoke('grant-admin-role', {
      body: { user_email: target.email },
    });
    expect((await failure(anon)).status).toBe(401);
    const { data } = await serviceClient()
      .from('user_roles')
      .select('role')
      .in('user_id', [caller.id, target.id]);
    expect(data).toEqual([]);
  });

  it('refuses an account whose e-mail address is not confirmed', async () => {
    const user = await newUser('Unconfirmed Grant');
    await database().query('update auth.users set email_confirmed_at = null where id = $1', [
      user.id,
    ]);
    const result = await admin.functions.invoke('grant-admin-role', {
      body: { user_email: user.email },
    });
    expect(await failure(result)).toEqual({
      status: 409,
      message: `${user.email} has not confirmed their e-mail address yet, so it cannot be made an admin.`,
    });
  });
});

describe('approve-trial and unconfirmed addresses', () => {
  it('refuses a request from an address that is not confirmed, and leaves it pending', async () => {
    const user = await pendingRequest('Unconfirmed Trial');
    await database().query('update auth.users set email_confirmed_at = null where id = $1', [
      user.id,
    ]);
    const result = await admin.functions.invoke('approve-trial', {
      body: { trial_id: user.requestId, email: user.email },
    });
    expect(await failure(result)).toEqual({
      status: 409,
      message: `${user.email} has not confirmed their e-mail address yet. Approve the request once they have.`,
    });
    const { rows } = await database().query(
      'select status from public.pending_trials where id = $1',
      [user.requestId],
    );
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});

describe('CORS preflight', () => {
  for (const name of [
    'approve-trial',
    'expire-trial',
    'grant-admin-role',
    'send-trial-activated',
  ]) {
    it(`${name} answers its own preflight with supabase-js's headers`, async () => {
      const response = await fetch(`${projectUrl}/functions/v1/${name}`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://revolve.example.org',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
        },
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('ok');
      // The function's own answer (a gateway reflects the requested headers and methods instead).
      expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
      expect(response.headers.get('access-control-allow-headers')).toBe(
        supabaseCorsHeaders['Access-Control-Allow-Headers'],
      );
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    });
  }
});

describe('send-trial-activated', () => {
  it('sends the trial-activated e-mail to the fixed test recipient, not to the address given', async () => {
    const { data, error } = await admin.functions.invoke('send-trial-activated', {
      body: {
        email: 'someone@example.org',
        name: 'Test Person',
        expires_at: '2026-12-21T12:00:00Z',
      },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ sent_to: 'test-recipient@example.com' });
    const mail = await mailbox.waitFor('test-recipient@example.com');
    expect(mail.text).toContain('Hello Test Person,');
    expect(mail.text).toContain('active until 21 December 2026');
  });

  it('refuses non-admins', async () => {
    const user = await newUser('Mail Tester');
    const result = await user.client.functions.invoke('send-trial-activated', {
      body: { email: 'x@example.org', name: 'X', expires_at: '2026-12-21T12:00:00Z' },
    });
    expect((await failure(result)).status).toBe(403);
  });
});
