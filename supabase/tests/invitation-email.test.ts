/**
 * An organisation's invitation e-mail, end to end: inviting attempts the e-mail at once, and the job
 * send-organisation-emails attempts what is still due, each through pg_net and the function
 * send-organisation-invitation, which mails
 * someone without an account Supabase Auth's invite link (the account is made then) and an account
 * holder the way to /invitations. The invite link signs the invitee in, and they can join. The job's
 * runs are the tests' own (its schedule is paused for this file).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  database,
  mailbox,
  newManager,
  newOrganisation,
  newUser,
  pgNetIdle,
  runCronJob,
} from './project';

const jobName = 'send-organisation-emails';
const runJob = () => runCronJob(jobName);
const siteUrl = 'http://localhost:5173';

beforeAll(async () => {
  await database().query('update cron.job set active = false where jobname = $1', [jobName]);
});

afterAll(async () => {
  await database().query('update cron.job set active = true where jobname = $1', [jobName]);
});

const address = (name: string) =>
  `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;

async function invite(manager: SupabaseClient, organisationId: string, email: string, name = '') {
  const { data, error } = await manager.rpc('invite_organisation_members', {
    organisation_id: organisationId,
    people: [{ email, ...(name ? { name } : {}) }],
  });
  if (error) throw new Error(error.message);
  const [row] = data;
  expect(row?.result).toBe('invited');
  return row?.invitation_id ?? '';
}

async function delivery(invitationId: string) {
  const { rows } = await database().query<{
    attempts: number;
    last_error: string | null;
    delivered: boolean;
    cancelled: boolean;
  }>(
    `select attempts, last_error, delivered_at is not null as delivered,
       cancelled_at is not null as cancelled
     from public.email_deliveries where kind = 'organisation_invitation' and subject_id = $1`,
    [invitationId],
  );
  return rows[0];
}

async function mailTo(email: string, subject: string) {
  const mails = await mailbox.to(email, subject);
  expect(mails).toHaveLength(1);
  return mailbox.read(mails[0]?.id ?? '');
}

/** The invite link from the e-mail's text: Auth's verify address, back to /invitations. */
function inviteLink(text: string): string {
  const match = /Accept the invitation and open your new Revolve account: (\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`No invite link in:\n${text}`);
  return match[1];
}

describe('send-organisation-invitation', () => {
  let organisationId: string;
  let manager: Awaited<ReturnType<typeof newManager>>;
  const subject = 'Invite Manager invited you to Invitation Practice on Revolve';

  beforeAll(async () => {
    organisationId = await newOrganisation('Invitation Practice', { seats: 10 });
    manager = await newManager(organisationId, 'Invite Manager');
  });

  it('mails an account holder the way to /invitations, with the expiry and what is shared', async () => {
    const learner = await newUser('Has Account');
    const invitationId = await invite(manager.client, organisationId, learner.email);
    expect(await runJob()).toBeNull();

    const mail = await mailTo(learner.email, subject);
    expect(mail.text).toContain(
      `Sign in to Revolve with this e-mail address and answer the invitation: ${siteUrl}/invitations`,
    );
    expect(mail.text).toMatch(/The invitation expires on \d{1,2} \w+ \d{4}\./);
    expect(mail.text).toContain(
      'If you join, Invitation Practice will see your name and e-mail address',
    );
    expect(mail.text).not.toContain('/auth/v1/verify');
    expect(await delivery(invitationId)).toEqual({
      attempts: 1,
      last_error: null,
      delivered: true,
      cancelled: false,
    });

    const { data } = await learner.client.rpc('my_invitations');
    expect(data?.map((row: { id: string }) => row.id)).toEqual([invitationId]);
  });

  it('mails someone without an account an invite link that signs them in, and they can join', async () => {
    const email = address('no-account');
    const invitationId = await invite(manager.client, organisationId, email, 'New Person');
    expect(await runJob()).toBeNull();

    const mail = await mailTo(email, subject);
    expect(mail.text).toMatch(/^Hello New Person,/);
    expect(mail.text).toContain('Then set a password');
    const link = inviteLink(mail.text);
    expect(await delivery(invitationId)).toMatchObject({ delivered: true, last_error: null });

    // Auth made the account, invited and not yet confirmed, with the name given.
    const { rows } = await database().query<{ invited: boolean; confirmed: boolean; name: string }>(
      `select u.invited_at is not null as invited, u.email_confirmed_at is not null as confirmed,
         p.name
       from auth.users u join public.profiles p on p.id = u.id where lower(u.email) = $1`,
      [email],
    );
    expect(rows).toEqual([{ invited: true, confirmed: false, name: 'New Person' }]);

    // Following the link lands on /invitations with a session.
    const response = await fetch(link, { redirect: 'manual' });
    await response.body?.cancel();
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${siteUrl}/invitations`);
    const accessToken = new URLSearchParams(location.hash.slice(1)).get('access_token');
    expect(accessToken).toBeTruthy();

    const invitee = anonClient();
    const { error: sessionError } = await invitee.auth.setSession({
      access_token: accessToken ?? '',
      refresh_token: new URLSearchParams(location.hash.slice(1)).get('refresh_token') ?? '',
    });
    expect(sessionError).toBeNull();
    const { data: open } = await invitee.rpc('my_invitations');
    expect(open?.map((row: { id: string }) => row.id)).toEqual([invitationId]);
    const { data: joined, error } = await invitee
      .rpc('accept_invitation', { invitation_id: invitationId })
      .single();
    expect(error).toBeNull();
    expect(joined).toEqual({
      organisation_id: organisationId,
      organisation_name: 'Invitation Practice',
      role: 'learner',
    });
  });

  it('mails a new invite link again on a resend to someone who never followed the first', async () => {
    const email = address('resent');
    const invitationId = await invite(manager.client, organisationId, email);
    expect(await runJob()).toBeNull();
    const first = inviteLink((await mailTo(email, subject)).text);

    const { error } = await manager.client.rpc('resend_invitation', {
      invitation_id: invitationId,
    });
    expect(error).toBeNull();
    expect(await runJob()).toBeNull();
    const mails = await mailbox.to(email, subject);
    expect(mails).toHaveLength(2);
    const texts = await Promise.all(mails.map(({ id }) => mailbox.read(id).then((m) => m.text)));
    const links = texts.map(inviteLink);
    expect(links).toContain(first);
    const second = links.find((link) => link !== first);
    expect(second).toBeDefined();
    expect(await delivery(invitationId)).toMatchObject({ delivered: true, last_error: null });
  });

  it('sends nothing for an invitation withdrawn before its e-mail went', async () => {
    const email = address('withdrawn');
    // Queued but not attempted yet (inviting attempts at once), as an invitation is between two
    // runs of the job when its first attempt could not be made.
    const { rows } = await database().query<{ id: string }>(
      `with invited as (
         insert into public.organisation_invitations (organisation_id, email, invited_by)
         values ($1, $2, $3) returning id
       )
       insert into public.email_deliveries (kind, subject_id)
       select 'organisation_invitation', id from invited returning subject_id as id`,
      [organisationId, email, manager.id],
    );
    const invitationId = rows[0]?.id ?? '';
    const { error } = await manager.client.rpc('withdraw_invitation', {
      invitation_id: invitationId,
    });
    expect(error).toBeNull();
    expect(await runJob()).toBeNull();
    await pgNetIdle();
    expect(await mailbox.to(email, subject)).toEqual([]);
    expect(await delivery(invitationId)).toMatchObject({
      attempts: 0,
      delivered: false,
      cancelled: true,
    });
  });
});
