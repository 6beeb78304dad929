/**
 * The daily retention job, public.apply_retention() (docs/data-rights.md), on rows made old with
 * SQL: accounts inactive for 3 years are deleted, leads after 3 years, pg_cron's run history and
 * pg_net's responses after 30 days; audit lines past 3 years are anonymised and the job records its
 * run. The audit log still refuses every other change, to every role.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, database, newUser, seeded, serviceClient, signedIn } from './project';

const fourYearsAgo = "now() - interval '4 years'";

/** Makes an account look untouched for 4 years: created, signed in and refreshed then. */
async function ageAccount(userId: string): Promise<void> {
  await database().query(
    `update auth.users set created_at = ${fourYearsAgo}, last_sign_in_at = ${fourYearsAgo}
     where id = $1`,
    [userId],
  );
  await database().query(
    `update auth.sessions set created_at = ${fourYearsAgo}, updated_at = ${fourYearsAgo},
       refreshed_at = null
     where user_id = $1`,
    [userId],
  );
}

async function lead(createdAt: string): Promise<string> {
  const { rows } = await database().query<{ id: string }>(
    `insert into public.leads (first_name, last_name, email, subject, message, client_key, created_at)
     values ('Old', 'Lead', $1, 'Demo', 'Hello', $2, ${createdAt}) returning id`,
    [`lead-${randomUUID()}@example.org`, randomBytes(32).toString('hex')],
  );
  return rows[0]?.id ?? '';
}

async function auditLine(at: string, email: string, targetUserId: string | null = null) {
  const { rows } = await database().query<{ id: string }>(
    `insert into public.admin_audit_log (actor_id, actor_email, action, target_user_id, target_id, details, at)
     values ($1, $2, 'approve_trial', $3, gen_random_uuid(),
       jsonb_build_object('email', $4::text, 'role', 'admin'), ${at})
     returning id`,
    [seeded.admin.id, seeded.admin.email, targetUserId, email],
  );
  return rows[0]?.id ?? '';
}

let summary: Record<string, number>;
const arranged = {
  inactive: '',
  recent: '',
  oldButActive: '',
  oldLead: '',
  newLead: '',
  oldLine: '',
  newLine: '',
  oldRun: 0,
  newRun: 0,
  oldResponse: 0,
  newResponse: 0,
  oldAuthEvent: '',
  newAuthEvent: '',
};

beforeAll(async () => {
  const db = database();
  const inactive = await newUser('Long Gone');
  await ageAccount(inactive.id);
  await db.query(
    `insert into public.notifications (user_id, title, message, created_at)
     values ($1, 'Old news', 'From long ago', ${fourYearsAgo})`,
    [inactive.id],
  );
  await db.query(
    `insert into public.email_deliveries (kind, subject_id, user_id, created_at)
     values ('mfa_lockout', gen_random_uuid(), $1, ${fourYearsAgo})`,
    [inactive.id],
  );
  arranged.inactive = inactive.id;

  arranged.recent = (await newUser('Still Here')).id;

  // Signed in long ago, but opened a module last week: active.
  const oldButActive = await newUser('Quiet Learner');
  await ageAccount(oldButActive.id);
  await db.query(
    `insert into public.module_unlocks (user_id, module_name, grant_kind, unlocked_at)
     values ($1, 'dementia', 'trial', now() - interval '7 days')`,
    [oldButActive.id],
  );
  arranged.oldButActive = oldButActive.id;

  arranged.oldLead = await lead(fourYearsAgo);
  arranged.newLead = await lead('now()');
  arranged.oldLine = await auditLine(fourYearsAgo, 'someone-old@example.org');
  arranged.newLine = await auditLine('now()', 'someone-new@example.org', arranged.recent);

  const { rows: runs } = await db.query<{ runid: number }>(
    `insert into cron.job_run_details (jobid, command, status, return_message, start_time, end_time)
     values (0, 'select 1', 'succeeded', '1 row', now() - interval '40 days', now() - interval '40 days'),
       (0, 'select 1', 'succeeded', '1 row', now() - interval '1 day', now() - interval '1 day')
     returning runid`,
  );
  arranged.oldRun = Number(runs[0]?.runid);
  arranged.newRun = Number(runs[1]?.runid);
  const responseIds = [
    Math.floor(Math.random() * 1e12) + 1e12,
    Math.floor(Math.random() * 1e12) + 2e12,
  ];
  await db.query(
    `insert into net._http_response (id, status_code, content, timed_out, created)
     values ($1, 200, 'old', false, now() - interval '40 days'),
       ($2, 200, 'new', false, now() - interval '1 day')`,
    responseIds,
  );
  arranged.oldResponse = responseIds[0] ?? 0;
  arranged.newResponse = responseIds[1] ?? 0;
  const authEvents = [crypto.randomUUID(), crypto.randomUUID()];
  await db.query(
    `insert into auth.audit_log_entries (id, payload, created_at, ip_address)
     values ($1, '{"action":"login"}', now() - interval '40 days', '192.0.2.1'),
       ($2, '{"action":"login"}', now() - interval '1 day', '192.0.2.1')`,
    authEvents,
  );
  arranged.oldAuthEvent = authEvents[0] ?? '';
  arranged.newAuthEvent = authEvents[1] ?? '';

  const { rows } = await db.query<{ summary: Record<string, number> }>(
    'select public.apply_retention() as summary',
  );
  summary = rows[0]?.summary ?? {};
});

describe('apply_retention', () => {
  it('deletes an account inactive for 3 years with its personal data', async () => {
    expect(summary.accounts_deleted).toBeGreaterThanOrEqual(1);
    const { rows } = await database().query(
      `select 'auth.users' as kept from auth.users where id = $1
       union all select 'profiles' from public.profiles where id = $1
       union all select 'notifications' from public.notifications where user_id = $1
       union all select 'email_deliveries' from public.email_deliveries where user_id = $1`,
      [arranged.inactive],
    );
    expect(rows).toEqual([]);
  });

  it('keeps an account active recently: a sign-in, or a module opened', async () => {
    const { rows } = await database().query<{ id: string }>(
      'select id from auth.users where id = any ($1::uuid[]) order by id',
      [[arranged.recent, arranged.oldButActive]],
    );
    expect(rows.map((row) => row.id)).toEqual([arranged.recent, arranged.oldButActive].sort());
  });

  it('deletes leads after 3 years and keeps newer ones', async () => {
    const { rows } = await database().query<{ id: string }>(
      'select id from public.leads where id = any ($1::uuid[])',
      [[arranged.oldLead, arranged.newLead]],
    );
    expect(rows.map((row) => row.id)).toEqual([arranged.newLead]);
    expect(summary.leads_deleted).toBeGreaterThanOrEqual(1);
  });

  it("keeps pg_cron's runs, pg_net's responses and Auth's audit trail 30 days", async () => {
    const { rows: runs } = await database().query<{ runid: string }>(
      'select runid from cron.job_run_details where runid = any ($1::bigint[])',
      [[arranged.oldRun, arranged.newRun]],
    );
    expect(runs.map((row) => Number(row.runid))).toEqual([arranged.newRun]);
    const { rows: responses } = await database().query<{ id: string }>(
      'select id from net._http_response where id = any ($1::bigint[])',
      [[arranged.oldResponse, arranged.newResponse]],
    );
    expect(responses.map((row) => Number(row.id))).toEqual([arranged.newResponse]);
    const { rows: authEvents } = await database().query<{ id: string }>(
      'select id from auth.audit_log_entries where id = any ($1::uuid[])',
      [[arranged.oldAuthEvent, arranged.newAuthEvent]],
    );
    expect(authEvents.map((row) => row.id)).toEqual([arranged.newAuthEvent]);
    expect(summary.auth_events_deleted).toBeGreaterThanOrEqual(1);
  });

  it('anonymises audit lines past 3 years, leaves newer ones, and records its run', async () => {
    const { rows } = await database().query<{ id: string }>(
      `select id::text, actor_id, actor_email, target_user_id, details from public.admin_audit_log
       where id = any ($1::bigint[]) order by id`,
      [[arranged.oldLine, arranged.newLine]],
    );
    expect(rows).toEqual([
      {
        id: String(arranged.oldLine),
        actor_id: null,
        actor_email: null,
        target_user_id: null,
        details: { role: 'admin' },
      },
      {
        id: String(arranged.newLine),
        actor_id: seeded.admin.id,
        actor_email: seeded.admin.email,
        target_user_id: arranged.recent,
        details: { email: 'someone-new@example.org', role: 'admin' },
      },
    ]);
    const { rows: runs } = await database().query(
      `select actor_id, actor_email, details from public.admin_audit_log
       where action = 'apply_retention' and details = $1::jsonb`,
      [JSON.stringify(summary)],
    );
    expect(runs).toEqual([{ actor_id: null, actor_email: null, details: summary }]);
    expect(summary.audit_lines_anonymised).toBeGreaterThanOrEqual(1);
  });

  it('is the daily job, and no API role may run it', async () => {
    const { rows } = await database().query(
      "select schedule, command from cron.job where jobname = 'apply-retention'",
    );
    expect(rows).toEqual([{ schedule: '15 3 * * *', command: 'select public.apply_retention()' }]);
    for (const client of [anonClient(), (await newUser('Would Purge')).client, serviceClient()]) {
      const { error } = await client.rpc('apply_retention');
      expect(error?.code).toBe('42501');
    }
  });
});

describe('the audit log after the job', () => {
  it('still refuses every change from the API roles', async () => {
    const admin = await signedIn(seeded.admin.email);
    for (const client of [admin, serviceClient()]) {
      const update = await client
        .from('admin_audit_log')
        .update({ actor_email: null })
        .eq('id', arranged.newLine);
      expect(update.error?.code).toBe('42501');
      const removal = await client.from('admin_audit_log').delete().eq('id', arranged.newLine);
      expect(removal.error?.code).toBe('42501');
    }
  });

  it('refuses postgres outside the job, and anything but blanking personal columns within it', async () => {
    const db = await database().connect();
    try {
      await expect(
        db.query('update public.admin_audit_log set actor_email = null where id = $1', [
          arranged.newLine,
        ]),
      ).rejects.toThrow('The admin audit log cannot be changed');
      await expect(
        db.query('delete from public.admin_audit_log where id = $1', [arranged.newLine]),
      ).rejects.toThrow('The admin audit log cannot be changed');
      await expect(db.query('truncate public.admin_audit_log')).rejects.toThrow(
        'The admin audit log cannot be changed',
      );
      // With the job's setting on, a change that is not a blanking is still refused.
      for (const change of [
        "action = 'reject_trial'",
        "actor_email = 'someone-else@example.org'",
        'details = details || \'{"email": "forged@example.org"}\'',
        "at = now() - interval '10 years'",
      ]) {
        await db.query('begin');
        try {
          await db.query("select set_config('revolve.anonymising_audit_log', 'on', true)");
          await expect(
            db.query(`update public.admin_audit_log set ${change} where id = $1`, [
              arranged.newLine,
            ]),
            change,
          ).rejects.toThrow('The admin audit log cannot be changed');
        } finally {
          await db.query('rollback');
        }
      }
      await db.query('begin');
      try {
        await db.query("select set_config('revolve.anonymising_audit_log', 'on', true)");
        await expect(
          db.query('delete from public.admin_audit_log where id = $1', [arranged.newLine]),
        ).rejects.toThrow('The admin audit log cannot be changed');
      } finally {
        await db.query('rollback');
      }
    } finally {
      db.release();
    }
    const { rows } = await database().query(
      'select actor_email, details from public.admin_audit_log where id = $1',
      [arranged.newLine],
    );
    expect(rows).toEqual([
      {
        actor_email: seeded.admin.email,
        details: { email: 'someone-new@example.org', role: 'admin' },
      },
    ]);
  });
});
