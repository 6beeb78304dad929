/**
 * Trial reminders: three days before a trial ends the scheduled job notifies the user and, through
 * pg_net and the send-trial-reminder function, e-mails them; once per trial, however often it runs;
 * never for a trial already over or still far from its end. Time is moved with SQL, not waited for.
 */
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { LOCAL_SERVICE_ROLE_KEY } from '@revolve/local-backend/keys';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, database, mailboxUrl, newUser, projectUrl, seeded, signedIn } from './project';

let admin: SupabaseClient;

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
  // What docs/deploy.md has an operator store in Vault, with this backend's values.
  for (const [name, value] of [
    ['project_url', projectUrl],
    ['service_role_key', LOCAL_SERVICE_ROLE_KEY],
  ] as const) {
    await database().query(
      `select case when exists (select 1 from vault.secrets where name = $1)
         then (select vault.update_secret(id, $2) from vault.secrets where name = $1)::text
         else vault.create_secret($2, $1)::text end`,
      [name, value],
    );
  }
});

/** A user whose approved trial ends `endsIn` from now (an SQL interval). */
async function trialEndingIn(name: string, endsIn: string) {
  const user = await newUser(name);
  const { data: request } = await user.client
    .from('pending_trials')
    .insert({ first_name: name, last_name: 'Reminded', email: user.email, status: 'pending' })
    .select('id')
    .single();
  const { data: trial, error } = await admin.rpc('approve_trial', {
    trial_id: (request as { id: string }).id,
  });
  if (error) throw new Error(error.message);
  const trialId = (trial as { id: string }).id;
  await database().query(
    `update public.active_trial_users
     set granted_at = now() + $2::interval - interval '30 days', expires_at = now() + $2::interval
     where id = $1`,
    [trialId, endsIn],
  );
  return { ...user, trialId };
}

async function runJob(): Promise<void> {
  await database().query('select public.send_trial_reminders()');
  // pg_net sends after commit; the run is over once its queue is empty.
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

async function reminders(userId: string) {
  const { rows } = await database().query<{ title: string; message: string }>(
    `select title, message from public.notifications
     where user_id = $1 and title = 'Your trial ends in 3 days'`,
    [userId],
  );
  return rows;
}

async function mailsTo(address: string, subject: string): Promise<string[]> {
  const query = encodeURIComponent(`to:${address}`);
  const { messages } = (await (
    await fetch(`${mailboxUrl}/api/v1/search?query=${query}`)
  ).json()) as {
    messages: { ID: string; Subject: string }[];
  };
  return messages.filter((message) => message.Subject === subject).map((message) => message.ID);
}

const subject = 'Your Revolve trial ends in 3 days';

describe('send_trial_reminders', () => {
  it('notifies and e-mails a user whose trial ends within three days, once', async () => {
    const user = await trialEndingIn('Soon Ending', '2 days 12 hours');
    await runJob();
    expect(await reminders(user.id)).toEqual([
      {
        title: 'Your trial ends in 3 days',
        message: expect.stringMatching(
          /^Your trial ends on \d{1,2} \w+ \d{4}\. Book a demo to talk about continued access/,
        ),
      },
    ]);
    await expect.poll(() => mailsTo(user.email, subject), { timeout: 10_000 }).toHaveLength(1);
    const [id] = await mailsTo(user.email, subject);
    const message = (await (await fetch(`${mailboxUrl}/api/v1/message/${id}`)).json()) as {
      Text: string;
    };
    expect(message.Text).toContain('/book-demo');

    await runJob();
    await runJob();
    expect(await reminders(user.id)).toHaveLength(1);
    expect(await mailsTo(user.email, subject)).toHaveLength(1);
  });

  it('leaves alone trials far from their end and trials already over', async () => {
    const far = await trialEndingIn('Far Ending', '10 days');
    const over = await trialEndingIn('Already Over', '-1 hour');
    await runJob();
    expect(await reminders(far.id)).toEqual([]);
    expect(await reminders(over.id)).toEqual([]);
    expect(await mailsTo(over.email, subject)).toEqual([]);
  });

  it('is scheduled hourly, and only the service role may run it', async () => {
    const { rows } = await database().query<{ schedule: string; command: string }>(
      `select schedule, command from cron.job where jobname = 'send-trial-reminders'`,
    );
    expect(rows).toEqual([
      { schedule: '15 * * * *', command: 'select public.send_trial_reminders()' },
    ]);
    const user = await newUser('Not The Job');
    for (const client of [anonClient(), user.client, admin]) {
      const { error } = await client.rpc('send_trial_reminders');
      expect(error?.code).toBe('42501');
    }
  });
});

describe('send-trial-reminder', () => {
  it('refuses every caller but the job, and mails no address from the request', async () => {
    const user = await trialEndingIn('Forged Call', '10 days');
    for (const client of [anonClient(), admin]) {
      const { error } = await client.functions.invoke('send-trial-reminder', {
        body: { trial_id: user.trialId, email: 'victim@example.org' },
      });
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const response = (error as FunctionsHttpError).context as Response;
      expect(response.status).toBe(401);
    }
    expect(await mailsTo(user.email, subject)).toEqual([]);
    expect(await mailsTo('victim@example.org', subject)).toEqual([]);
  });
});
