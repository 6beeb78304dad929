/**
 * The admin actions as SQL functions: what each changes, each error, who may call it, that a
 * repeat changes nothing and that a failure midway leaves nothing behind. The module gate has its
 * own file (access.test.ts).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  database,
  enrolSecondFactor,
  newUser,
  seeded,
  serviceClient,
  signedIn,
} from './project';

let admin: SupabaseClient;

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
});

/** A new user with a pending trial request; returns the request id. */
async function requestingUser(name: string) {
  const user = await newUser(name);
  const [first = '', ...rest] = name.split(' ');
  const { data, error } = await user.client
    .from('pending_trials')
    .insert({ first_name: first, last_name: rest.join(' '), email: user.email, status: 'pending' })
    .select('id')
    .single();
  if (error || !data) throw new Error(error?.message);
  return { ...user, requestId: data.id as string };
}

async function activeTrialFor(userId: string) {
  const { data } = await serviceClient()
    .from('active_trial_users')
    .select('*')
    .eq('user_id', userId)
    .maybeSingle();
  return data as { id: string; expires_at: string; granted_at: string } | null;
}

describe('approve_trial', () => {
  it('grants 30 days, marks the request approved and tells the user, in one go', async () => {
    const user = await requestingUser('Approve Me');
    const { data, error } = await admin.rpc('approve_trial', { trial_id: user.requestId });
    expect(error).toBeNull();
    const trial = await activeTrialFor(user.id);
    expect(trial?.id).toBe((data as { id: string }).id);
    const days =
      (Date.parse(trial?.expires_at ?? '') - Date.parse(trial?.granted_at ?? '')) / 86_400_000;
    expect(days).toBeCloseTo(30, 5);
    const { data: request } = await user.client
      .from('pending_trials')
      .select('status')
      .eq('id', user.requestId)
      .single();
    expect(request?.status).toBe('approved');
    const { data: notifications } = await user.client
      .from('notifications')
      .select('title, message, type');
    expect(notifications).toEqual([
      expect.objectContaining({
        title: 'Trial approved',
        type: 'success',
        message: expect.stringMatching(/^Your 30-day trial is active until \d{1,2} \w+ \d{4}\./),
      }),
    ]);
  });

  it('refuses a second approval and changes nothing', async () => {
    const user = await requestingUser('Approve Twice');
    await admin.rpc('approve_trial', { trial_id: user.requestId });
    const before = await activeTrialFor(user.id);
    const again = await admin.rpc('approve_trial', { trial_id: user.requestId });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe('This trial request has already been approved');
    expect(await activeTrialFor(user.id)).toEqual(before);
  });

  it('answers 404 for an unknown request', async () => {
    const { status, error } = await admin.rpc('approve_trial', {
      trial_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(status).toBe(404);
    expect(error?.message).toBe('Trial request not found');
  });

  it('is refused to non-admins (403) and to anonymous callers (401)', async () => {
    const user = await requestingUser('Self Approver');
    const self = await user.client.rpc('approve_trial', { trial_id: user.requestId });
    expect(self.status).toBe(403);
    expect(self.error?.message).toBe('Admin privileges are required');
    const anon = await anonClient().rpc('approve_trial', { trial_id: user.requestId });
    expect(anon.status).toBe(401);
    expect(await activeTrialFor(user.id)).toBeNull();
  });

  it('leaves nothing behind when it fails midway', async () => {
    const user = await requestingUser('Midway Failure');
    // Make the notification insert fail after the trial row is written.
    await database().query(
      "alter table public.notifications add constraint fail_midway check (title <> 'Trial approved') not valid",
    );
    try {
      const { error } = await admin.rpc('approve_trial', { trial_id: user.requestId });
      expect(error?.code).toBe('23514');
    } finally {
      await database().query('alter table public.notifications drop constraint fail_midway');
    }
    expect(await activeTrialFor(user.id)).toBeNull();
    const { data } = await user.client
      .from('pending_trials')
      .select('status')
      .eq('id', user.requestId)
      .single();
    expect(data?.status).toBe('pending');
  });
});

describe('rejecting a request (update by an admin)', () => {
  it('dates the rejection and sends the user an error notification', async () => {
    const user = await requestingUser('Reject Me');
    const { error, count } = await admin
      .from('pending_trials')
      .update({ status: 'rejected' }, { count: 'exact' })
      .eq('id', user.requestId);
    expect(error).toBeNull();
    expect(count).toBe(1);
    const { data } = await user.client
      .from('pending_trials')
      .select('status, reviewed_at')
      .eq('id', user.requestId)
      .single();
    expect(data?.status).toBe('rejected');
    expect(data?.reviewed_at).not.toBeNull();
    const { data: notifications } = await user.client.from('notifications').select('title, type');
    expect(notifications).toEqual([{ title: 'Trial request declined', type: 'error' }]);
  });
});

describe('expire_trial and delete_active_trial', () => {
  it('moves the trial to expired_trials with the re-trial choice', async () => {
    const user = await requestingUser('Expire Me');
    const { data: granted } = await admin.rpc('approve_trial', { trial_id: user.requestId });
    const trialId = (granted as { id: string }).id;
    const { data, error } = await admin.rpc('expire_trial', {
      trial_id: trialId,
      can_retrial: true,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ user_id: user.id, can_retrial: true });
    expect(await activeTrialFor(user.id)).toBeNull();
    const again = await admin.rpc('expire_trial', { trial_id: trialId });
    expect(again.status).toBe(404);
    expect(again.error?.message).toBe('Active trial not found');
    const { count } = await serviceClient()
      .from('expired_trials')
      .select('*', { count: 'exact', head: true })
      .eq('user_id', user.id);
    expect(count).toBe(1);
  });

  it('defaults to no re-trial', async () => {
    const user = await requestingUser('No Retrial');
    const { data: granted } = await admin.rpc('approve_trial', { trial_id: user.requestId });
    const { data } = await admin.rpc('expire_trial', { trial_id: (granted as { id: string }).id });
    expect(data).toMatchObject({ can_retrial: false });
  });

  it('deletes an active trial without recording an expiry', async () => {
    const user = await requestingUser('Delete Me');
    const { data: granted } = await admin.rpc('approve_trial', { trial_id: user.requestId });
    const trialId = (granted as { id: string }).id;
    expect((await user.client.rpc('delete_active_trial', { trial_id: trialId })).status).toBe(403);
    expect((await admin.rpc('delete_active_trial', { trial_id: trialId })).error).toBeNull();
    expect(await activeTrialFor(user.id)).toBeNull();
    expect((await admin.rpc('delete_active_trial', { trial_id: trialId })).status).toBe(404);
  });
});

describe('grant_admin_role', () => {
  it('makes an existing account an admin, case-insensitively', async () => {
    const user = await newUser('Future Admin');
    await enrolSecondFactor(user.client);
    const { error } = await admin.rpc('grant_admin_role', {
      user_email: `  ${user.email.toUpperCase()} `,
    });
    expect(error).toBeNull();
    const { data } = await user.client.from('user_roles').select('role').eq('user_id', user.id);
    expect(data).toEqual([{ role: 'admin' }]);
    const again = await admin.rpc('grant_admin_role', { user_email: user.email });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(`${user.email} is already an admin`);
  });

  it('answers 404 for an unknown e-mail and 403 for non-admins', async () => {
    const unknown = await admin.rpc('grant_admin_role', { user_email: 'nobody@example.net' });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe('No account uses the e-mail nobody@example.net');
    const user = await newUser('Not Admin');
    expect((await user.client.rpc('grant_admin_role', { user_email: user.email })).status).toBe(
      403,
    );
  });
});

describe('expire_lapsed_trials (the scheduled job)', () => {
  it('moves trials whose time is up, without a re-trial, and leaves running ones', async () => {
    const lapsed = await requestingUser('Lapsed Trial');
    await admin.rpc('approve_trial', { trial_id: lapsed.requestId });
    await database().query(
      "update public.active_trial_users set granted_at = now() - interval '31 days', expires_at = now() - interval '1 minute' where user_id = $1",
      [lapsed.id],
    );
    const { rows } = await database().query<{ moved: number }>(
      'select public.expire_lapsed_trials() as moved',
    );
    expect(rows[0]?.moved).toBeGreaterThanOrEqual(1);
    expect(await activeTrialFor(lapsed.id)).toBeNull();
    const { data } = await lapsed.client.from('expired_trials').select('can_retrial');
    expect(data).toEqual([{ can_retrial: false }]);
    expect(await activeTrialFor(seeded.active.id)).not.toBeNull();
  });

  it('is not callable by users', async () => {
    const { status } = await admin.rpc('expire_lapsed_trials');
    expect(status).toBe(403);
  });

  it('is scheduled with pg_cron every five minutes', async () => {
    const { rows } = await database().query(
      "select schedule, command, active from cron.job where jobname = 'expire-lapsed-trials'",
    );
    expect(rows).toEqual([
      { schedule: '*/5 * * * *', command: 'select public.expire_lapsed_trials()', active: true },
    ]);
  });
});
