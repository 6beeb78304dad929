/**
 * Trial reminders: three days before a trial ends the scheduled job notifies the user and, through
 * pg_net and the send-trial-reminder function, e-mails them; once per trial, however often it runs;
 * never for a trial already over or still far from its end. A reminder counts as sent only when the
 * mail provider accepted it: an attempt that failed is retried at a later run (at most five), the
 * attempts and the last error are kept, and the job's run fails until the reminder is delivered.
 * Time is moved with SQL, not waited for; the job's runs are the tests' own (the hourly schedule is
 * paused for this file).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { freePort } from '@revolve/local-backend/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  database,
  mailbox,
  newUser,
  pgNetIdle,
  projectUrl,
  runCronJob,
  seeded,
  signedIn,
} from './project';

const jobName = 'send-trial-reminders';
const runJob = () => runCronJob(jobName);
const subject = 'Your Revolve trial ends in 3 days';

let admin: SupabaseClient;

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
  await database().query('update cron.job set active = false where jobname = $1', [jobName]);
});

afterAll(async () => {
  await database().query('update cron.job set active = true where jobname = $1', [jobName]);
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

interface Delivery {
  attempts: number;
  last_error: string | null;
  delivered: boolean;
  cancelled: boolean;
  under_way: boolean;
}

async function delivery(trialId: string): Promise<Delivery | undefined> {
  const { rows } = await database().query<Delivery>(
    `select attempts, last_error, delivered_at is not null as delivered,
       cancelled_at is not null as cancelled, request_id is not null as under_way
     from public.email_deliveries where kind = 'trial_reminder' and subject_id = $1`,
    [trialId],
  );
  return rows[0];
}

async function deliveryId(trialId: string): Promise<string> {
  const { rows } = await database().query<{ id: string }>(
    `select id from public.email_deliveries where kind = 'trial_reminder' and subject_id = $1`,
    [trialId],
  );
  if (!rows[0]) throw new Error(`No delivery for trial ${trialId}`);
  return rows[0].id;
}

async function reminders(userId: string) {
  const { rows } = await database().query<{ title: string; message: string }>(
    `select title, message from public.notifications
     where user_id = $1 and title = 'Your trial ends in 3 days'`,
    [userId],
  );
  return rows;
}

async function mailsTo(address: string): Promise<string[]> {
  return (await mailbox.to(address, subject)).map(({ id }) => id);
}

async function vaultSecret(name: string): Promise<string | undefined> {
  const { rows } = await database().query<{ value: string }>(
    'select decrypted_secret as value from vault.decrypted_secrets where name = $1',
    [name],
  );
  return rows[0]?.value;
}

async function setVaultSecret(name: string, value: string): Promise<void> {
  await database().query('select vault.update_secret(id, $2) from vault.secrets where name = $1', [
    name,
    value,
  ]);
}

/** Runs `work` with a Vault secret replaced, then puts the original back. */
async function withVaultSecret(name: string, value: string, work: () => Promise<void>) {
  const original = await vaultSecret(name);
  if (original === undefined) throw new Error(`No Vault secret ${name}`);
  await setVaultSecret(name, value);
  try {
    await work();
  } finally {
    await setVaultSecret(name, original);
  }
}

/** Moves the last attempt back by `interval`, as if that much time had passed since. */
async function attemptedAgo(trialId: string, interval: string): Promise<void> {
  await database().query(
    `update public.email_deliveries set last_attempt_at = last_attempt_at - $2::interval
     where kind = 'trial_reminder' and subject_id = $1`,
    [trialId, interval],
  );
}

/** Removes the trial: its undelivered reminder is cancelled at the next run and stops failing it. */
async function removeTrial(trialId: string): Promise<void> {
  await database().query('delete from public.active_trial_users where id = $1', [trialId]);
  expect(await runJob()).toBeNull();
  expect(await delivery(trialId)).toMatchObject({ delivered: false, cancelled: true });
}

interface Recorded {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for the functions' address that answers every call `status`, recording each. */
async function answeringServer(status: number) {
  const calls: Recorded[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({ path: request.url ?? '', headers: request.headers, body });
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: 'The function failed to start' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The function called as the database calls it: the secret key from Vault in `apikey`. */
async function callFunctionAsTheJob(body: unknown): Promise<number> {
  const response = await fetch(`${projectUrl}/functions/v1/send-trial-reminder`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      apikey: (await vaultSecret('secret_key')) ?? '',
    },
    body: JSON.stringify(body),
  });
  await response.body?.cancel();
  return response.status;
}

describe('send_trial_reminders', () => {
  it('notifies and e-mails a user whose trial ends within three days, once', async () => {
    const user = await trialEndingIn('Soon Ending', '2 days 12 hours');
    expect(await runJob()).toBeNull();
    expect(await reminders(user.id)).toEqual([
      {
        title: 'Your trial ends in 3 days',
        message: expect.stringMatching(
          /^Your trial ends on \d{1,2} \w+ \d{4}\. Book a demo to talk about continued access/,
        ),
      },
    ]);
    expect(await mailsTo(user.email)).toHaveLength(1);
    const [id] = await mailsTo(user.email);
    expect((await mailbox.read(id ?? '')).text).toContain('/book-demo');
    expect(await delivery(user.trialId)).toEqual({
      attempts: 1,
      last_error: null,
      delivered: true,
      cancelled: false,
      under_way: false,
    });

    expect(await runJob()).toBeNull();
    expect(await runJob()).toBeNull();
    expect(await reminders(user.id)).toHaveLength(1);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await delivery(user.trialId)).toMatchObject({ attempts: 1, delivered: true });
  });

  it('does not remind a trial already reminded when another trial falls due', async () => {
    const first = await trialEndingIn('First Due', '2 days');
    expect(await runJob()).toBeNull();
    expect(await reminders(first.id)).toHaveLength(1);
    expect(await mailsTo(first.email)).toHaveLength(1);

    const second = await trialEndingIn('Second Due', '2 days');
    expect(await runJob()).toBeNull();
    expect(await reminders(second.id)).toHaveLength(1);
    expect(await mailsTo(second.email)).toHaveLength(1);
    expect(await reminders(first.id)).toHaveLength(1);
    expect(await mailsTo(first.email)).toHaveLength(1);
    expect(await delivery(first.trialId)).toMatchObject({ attempts: 1, delivered: true });
  });

  it('leaves alone trials far from their end and trials already over', async () => {
    const far = await trialEndingIn('Far Ending', '10 days');
    const over = await trialEndingIn('Already Over', '-1 hour');
    expect(await runJob()).toBeNull();
    expect(await reminders(far.id)).toEqual([]);
    expect(await reminders(over.id)).toEqual([]);
    expect(await mailsTo(over.email)).toEqual([]);
    expect(await delivery(far.trialId)).toBeUndefined();
    expect(await delivery(over.trialId)).toBeUndefined();
  });

  it('retries a reminder whose function was unreachable, and delivers it once it answers, once', async () => {
    const user = await trialEndingIn('Unreachable Function', '2 days');
    await withVaultSecret('project_url', `http://127.0.0.1:${await freePort()}`, async () => {
      // The attempt is sent; whether it arrived is not known until pg_net answers.
      expect(await runJob()).toBeNull();
      expect(await delivery(user.trialId)).toMatchObject({ attempts: 1, delivered: false });
      // The next run reads pg_net's error, tries again (still unreachable) and fails.
      const failure = await runJob();
      expect(failure).toContain('not delivered');
      expect(failure).toContain("Couldn't connect to server");
      expect(await delivery(user.trialId)).toEqual({
        attempts: 2,
        last_error: "Couldn't connect to server",
        delivered: false,
        cancelled: false,
        under_way: true,
      });
    });
    // The notification was made once, with the first attempt; no e-mail has gone.
    expect(await reminders(user.id)).toHaveLength(1);
    expect(await mailsTo(user.email)).toEqual([]);

    // Reachable again: the run still fails (the reminder is not delivered yet when it starts), and
    // its attempt delivers it.
    expect(await runJob()).toContain('not delivered');
    expect(await delivery(user.trialId)).toMatchObject({ attempts: 3, delivered: true });
    expect(await mailsTo(user.email)).toHaveLength(1);

    expect(await runJob()).toBeNull();
    expect(await runJob()).toBeNull();
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await reminders(user.id)).toHaveLength(1);
    expect(await delivery(user.trialId)).toMatchObject({ attempts: 3, delivered: true });
  });

  it('calls the function with the secret key in apikey, and waits out an unknown outcome before retrying', async () => {
    const user = await trialEndingIn('Function Down', '2 days');
    const down = await answeringServer(503);
    try {
      await withVaultSecret('project_url', down.url, async () => {
        expect(await runJob()).toBeNull();
        const [call] = down.calls;
        expect(call?.path).toBe('/functions/v1/send-trial-reminder');
        expect(call?.headers.apikey).toBe(await vaultSecret('secret_key'));
        expect(call?.headers.apikey).toMatch(/^sb_secret_/);
        expect(call?.headers.authorization).toBeUndefined();
        expect(JSON.parse(call?.body ?? '')).toEqual({
          delivery_id: await deliveryId(user.trialId),
          attempt: 1,
        });

        // A 503 may come from a function that sent the e-mail: the attempt keeps its lease.
        expect(await runJob()).toBeNull();
        expect(down.calls).toHaveLength(1);
        expect(await delivery(user.trialId)).toMatchObject({
          attempts: 1,
          last_error: null,
          under_way: true,
        });

        await attemptedAgo(user.trialId, '11 minutes');
        const failure = await runJob();
        expect(failure).toContain('The function answered 503 but recorded no delivery');
        expect(down.calls).toHaveLength(2);
        expect(await delivery(user.trialId)).toMatchObject({
          attempts: 2,
          last_error: expect.stringContaining('The function failed to start'),
        });
        await attemptedAgo(user.trialId, '11 minutes');
      });
    } finally {
      await down.close();
    }
    expect(await runJob()).toContain('The function answered 503');
    expect(await delivery(user.trialId)).toMatchObject({ attempts: 3, delivered: true });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await runJob()).toBeNull();
  });

  it('retries a reminder the provider accepted but nobody recorded after the lease, without mailing it again', async () => {
    const user = await trialEndingIn('Crashed After Sending', '2 days');
    expect(await runJob()).toBeNull();
    expect(await mailsTo(user.email)).toHaveLength(1);
    // The function crashed between the provider's acceptance and its record: the attempt stays
    // claimed and under way (pg_net has the call's answer), and nothing says it was delivered.
    const { rowCount } = await database().query(
      `update public.email_deliveries d set delivered_at = null,
         request_id = (select r.id from net._http_response r where r.content like '%' || $2 || '%')
       where d.kind = 'trial_reminder' and d.subject_id = $1 and d.claimed_attempt = 1`,
      [user.trialId, JSON.stringify({ sent_to: user.email })],
    );
    expect(rowCount).toBe(1);
    expect(await delivery(user.trialId)).toEqual({
      attempts: 1,
      last_error: null,
      delivered: false,
      cancelled: false,
      under_way: true,
    });

    expect(await runJob()).toBeNull();
    expect(await delivery(user.trialId)).toMatchObject({ attempts: 1, under_way: true });

    await attemptedAgo(user.trialId, '11 minutes');
    expect(await runJob()).toContain('The function answered 200 but recorded no delivery');
    expect(await delivery(user.trialId)).toMatchObject({ attempts: 2, delivered: true });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await runJob()).toBeNull();
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('retries at once when the function refused the call (nothing was sent)', async () => {
    const user = await trialEndingIn('Refused Call', '2 days');
    await withVaultSecret('secret_key', 'sb_secret_not_this_project', async () => {
      expect(await runJob()).toBeNull();
      const failure = await runJob();
      expect(failure).toContain('The function answered 401');
      expect(await delivery(user.trialId)).toMatchObject({
        attempts: 2,
        last_error: expect.stringContaining('Only the scheduled reminder job may call'),
        delivered: false,
      });
    });
    expect(await mailsTo(user.email)).toEqual([]);
    expect(await runJob()).toContain('The function answered 401');
    expect(await delivery(user.trialId)).toMatchObject({ attempts: 3, delivered: true });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('gives up after five attempts, keeping the error, and fails every run until the reminder is not wanted', async () => {
    const user = await trialEndingIn('Never Reachable', '2 days');
    await withVaultSecret('project_url', `http://127.0.0.1:${await freePort()}`, async () => {
      expect(await runJob()).toBeNull();
      for (let run = 2; run <= 7; run++) expect(await runJob()).toContain('not delivered');
      expect(await delivery(user.trialId)).toEqual({
        attempts: 5,
        last_error: "Couldn't connect to server",
        delivered: false,
        cancelled: false,
        under_way: false,
      });
    });
    expect(await runJob()).toContain("Couldn't connect to server");
    expect(await delivery(user.trialId)).toMatchObject({ attempts: 5, delivered: false });
    expect(await mailsTo(user.email)).toEqual([]);
    expect(await reminders(user.id)).toHaveLength(1);

    // What /admin/activity lists: an admin (at aal2) reads it; its addressee does not.
    const read = (client: SupabaseClient) =>
      client
        .from('email_deliveries')
        .select('kind, attempts, max_attempts, last_error, profiles(email)')
        .eq('subject_id', user.trialId)
        .is('delivered_at', null)
        .not('last_error', 'is', null);
    expect((await read(admin)).data).toEqual([
      {
        kind: 'trial_reminder',
        attempts: 5,
        max_attempts: 5,
        last_error: "Couldn't connect to server",
        profiles: { email: user.email },
      },
    ]);
    expect(await read(user.client)).toMatchObject({ data: [], error: null });
    await removeTrial(user.trialId);
  });

  it("fails the job's scheduled run when a reminder failed, keeping what the run sent", async () => {
    const user = await trialEndingIn('Failed Run', '2 days');
    const probe = `${jobName}-probe`;
    await withVaultSecret('project_url', `http://127.0.0.1:${await freePort()}`, async () => {
      expect(await runJob()).toBeNull();
      // The scheduler runs the job's own command, as pg_cron would at a quarter past.
      const { rows } = await database().query<{ id: string }>(
        `select cron.schedule($1, '1 seconds', (select command from cron.job where jobname = $2))::text as id`,
        [probe, jobName],
      );
      const probeId = rows[0]?.id;
      try {
        await expect
          .poll(
            async () =>
              (
                await database().query<{ status: string; message: string }>(
                  `select d.status, d.return_message as message
                   from cron.job_run_details d
                   where d.jobid = $1 and d.status in ('succeeded', 'failed')
                   order by d.runid limit 1`,
                  [probeId],
                )
              ).rows[0],
            { timeout: 10_000 },
          )
          .toEqual({
            status: 'failed',
            message: expect.stringContaining("Couldn't connect to server"),
          });
      } finally {
        await database().query('select cron.unschedule($1)', [probe]);
      }
      // A run that started before the job went may still be under way.
      await expect
        .poll(async () => {
          const { rows: running } = await database().query(
            "select 1 from cron.job_run_details where jobid = $1 and status = 'running'",
            [probeId],
          );
          return running.length;
        })
        .toBe(0);
      await pgNetIdle();
      // The failed run's attempt was committed before it failed, and sent.
      expect((await delivery(user.trialId))?.attempts).toBeGreaterThanOrEqual(2);
    });
    await removeTrial(user.trialId);
  });

  it('is scheduled hourly as one statement that commits, and only the service role may run it', async () => {
    const { rows } = await database().query<{ schedule: string; command: string }>(
      'select schedule, command from cron.job where jobname = $1',
      [jobName],
    );
    expect(rows).toEqual([
      {
        schedule: '15 * * * *',
        command: expect.stringMatching(
          /^do \$\$\s+begin\s+perform public\.send_trial_reminders\(\);\s+commit;\s+perform private\.assert_email_delivered\('trial_reminder'\);\s+end\s+\$\$\s*$/,
        ),
      },
    ]);
    const user = await newUser('Not The Job');
    for (const client of [anonClient(), user.client, admin]) {
      const { error } = await client.rpc('send_trial_reminders');
      expect(error?.code).toBe('42501');
    }
  });

  it("reads the function's address and secret key from Vault, as config.toml's [db.vault] sets them", async () => {
    expect(await vaultSecret('project_url')).toBe(projectUrl);
    expect(await vaultSecret('secret_key')).toMatch(/^sb_secret_/);
  });
});

describe('send-trial-reminder', () => {
  it('refuses every caller but the project, and mails no address from the request', async () => {
    const user = await trialEndingIn('Forged Call', '10 days');
    const body = { delivery_id: crypto.randomUUID(), attempt: 1, email: 'victim@example.org' };
    for (const client of [anonClient(), admin]) {
      const { error } = await client.functions.invoke('send-trial-reminder', { body });
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const response = (error as FunctionsHttpError).context as Response;
      expect(response.status).toBe(401);
    }
    // A secret key is an apikey, never a Bearer token.
    const bearer = await fetch(`${projectUrl}/functions/v1/send-trial-reminder`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${(await vaultSecret('secret_key')) ?? ''}`,
      },
      body: JSON.stringify(body),
    });
    await bearer.body?.cancel();
    expect(bearer.status).toBe(401);
    expect(await mailsTo(user.email)).toEqual([]);
    expect(await mailsTo('victim@example.org')).toEqual([]);
  });

  it('sends one e-mail for two calls of one attempt, and none for a delivered reminder', async () => {
    const user = await trialEndingIn('Called Twice', '2 days');
    await withVaultSecret('project_url', `http://127.0.0.1:${await freePort()}`, async () => {
      expect(await runJob()).toBeNull();
    });
    const id = await deliveryId(user.trialId);
    const statuses = await Promise.all([
      callFunctionAsTheJob({ delivery_id: id, attempt: 1 }),
      callFunctionAsTheJob({ delivery_id: id, attempt: 1 }),
    ]);
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await delivery(user.trialId)).toMatchObject({ attempts: 1, delivered: true });

    expect(await callFunctionAsTheJob({ delivery_id: id, attempt: 1 })).toBe(409);
    expect(await callFunctionAsTheJob({ delivery_id: id, attempt: 2 })).toBe(409);
    expect(await runJob()).toBeNull();
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await delivery(user.trialId)).toMatchObject({ attempts: 1, delivered: true });
  });
});
