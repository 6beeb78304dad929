/**
 * The sales funnel on /admin/activity: admin_funnel and admin_module_starts count exactly the rows
 * of the window asked for, and answer admins only.
 *
 * Other test files write to the same database at the same time, so each counting test runs in one
 * repeatable-read transaction: it reads the functions, adds rows dated back in time, reads them
 * again and compares the difference with what it added (other sessions' rows stay invisible to
 * its snapshot), then rolls everything back. Its now() is fixed, so a row can be dated to the
 * microsecond against a window's start.
 */
import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { anonClient, database, newUser, seeded, signedIn } from './project';

type Funnel = Record<
  | 'leads'
  | 'trial_requests'
  | 'approvals'
  | 'rejections'
  | 'trials_active_now'
  | 'expiries'
  | 'conversions',
  number
>;

const adminClaims = JSON.stringify({ sub: seeded.admin.id, role: 'authenticated', aal: 'aal2' });

/** Runs `sql` as the seeded admin, as PostgREST would, inside the caller's transaction. */
async function asAdmin<Row extends object>(client: PoolClient, sql: string, days: number) {
  await client.query(`select set_config('request.jwt.claims', $1, true)`, [adminClaims]);
  const { rows } = await client.query<Row>(sql, [days]);
  await client.query(`select set_config('request.jwt.claims', '', true)`);
  return rows;
}

async function funnel(client: PoolClient, days: number): Promise<Funnel> {
  const [row] = await asAdmin<Funnel>(client, 'select * from public.admin_funnel($1)', days);
  if (!row) throw new Error('admin_funnel returned no row');
  return row;
}

async function moduleStarts(client: PoolClient, days: number): Promise<Record<string, number>> {
  const rows = await asAdmin<{ module_name: string; starts: number }>(
    client,
    'select * from public.admin_module_starts($1)',
    days,
  );
  return Object.fromEntries(rows.map((row) => [row.module_name, row.starts]));
}

function difference<Counts extends Record<string, number>>(after: Counts, before: Counts) {
  return Object.fromEntries(
    Object.keys(after)
      .map((key) => [key, (after[key] ?? 0) - (before[key] ?? 0)] as const)
      .filter(([, changed]) => changed !== 0),
  );
}

/** A new account (its profile comes from the sign-up trigger); resolves to its id. */
async function account(client: PoolClient, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.org`;
  const { rows } = await client.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
       'authenticated', $1, jsonb_build_object('name', $2::text), now(), now())
     returning id`,
    [email, `${name} Funnel`],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`Could not create ${email}`);
  return id;
}

/** Rows dated `days` back from the transaction's now() (negative: in the future). */
const ago = (days: number) => `now() - interval '${days} days'`;

/**
 * The rows the counting test adds, and what each window should count of them:
 * - leads 1, 1, 45 and 100 days old;
 * - Ann asked 2 days ago (pending); Cal asked 5 days ago, rejected 4 days ago;
 * - Bea asked 40 days ago, approved 39, her trial ended 9 days ago, and 5 days ago she unlocked a
 *   module with an access code (a conversion) and another 1 day ago (still one conversion);
 * - Eve asked 10 days ago, approved 9, trial active, unlocked a trial module 3 days ago;
 * - Dan asked 200 days ago, approved 199, trial ended 169 days ago, code unlock 60 days ago;
 * - Hal unlocked with a code 20 days ago, before his trial began 2 days ago: no conversion;
 * - Gus never had a trial and unlocked with a code 2 days ago: no conversion;
 * - Fay's trial lapsed a day ago and the expiry job has not moved it yet: not active now.
 */
async function arrangeFunnelRows(client: PoolClient) {
  // One after another: a client runs one query at a time.
  const ann = await account(client, 'Ann');
  const bea = await account(client, 'Bea');
  const cal = await account(client, 'Cal');
  const dan = await account(client, 'Dan');
  const eve = await account(client, 'Eve');
  const fay = await account(client, 'Fay');
  const gus = await account(client, 'Gus');
  const hal = await account(client, 'Hal');
  const { rows } = await client.query<{ id: string }>(
    `insert into public.access_codes (organisation_id, code_hash, code_hint)
     values ('c0000000-0000-4000-8000-000000000001', md5(random()::text) || md5(random()::text), 'TEST') returning id`,
  );
  const code = rows[0]?.id;
  if (!code) throw new Error('Could not create an access code');

  for (const age of [1, 1, 45, 100]) {
    await client.query(
      `insert into public.leads (first_name, last_name, email, subject, message, client_key, created_at)
       values ('Lead', 'Funnel', 'lead-funnel@example.org', 'Interest', 'Hello', repeat('0', 64), ${ago(age)})`,
    );
  }

  const request = (user: string, status: string, submitted: number, reviewed: number | null) =>
    client.query(
      `insert into public.pending_trials (user_id, first_name, last_name, email, status, submitted_at, reviewed_at)
       select id, 'Funnel', 'User', email, $2, ${ago(submitted)}, ${reviewed === null ? 'null' : ago(reviewed)}
       from public.profiles where id = $1`,
      [user, status],
    );
  await request(ann, 'pending', 2, null);
  await request(cal, 'rejected', 5, 4);
  await request(bea, 'approved', 40, 39);
  await request(eve, 'approved', 10, 9);
  await request(dan, 'approved', 200, 199);

  const active = (user: string, granted: number, expires: number) =>
    client.query(
      `insert into public.active_trial_users (user_id, email, granted_at, expires_at)
       select id, email, ${ago(granted)}, ${ago(expires)} from public.profiles where id = $1`,
      [user],
    );
  await active(eve, 9, -21);
  await active(hal, 2, -28);
  await active(fay, 31, 1);

  const ended = (user: string, granted: number, expired: number) =>
    client.query(
      `insert into public.expired_trials (user_id, email, granted_at, expired_at)
       select id, email, ${ago(granted)}, ${ago(expired)} from public.profiles where id = $1`,
      [user],
    );
  await ended(bea, 39, 9);
  await ended(dan, 199, 169);

  const unlock = (user: string, module: string, age: number, withCode: boolean) =>
    client.query(
      `insert into public.module_unlocks (user_id, module_name, unlocked_at, grant_kind, access_code_id)
       values ($1, $2, ${ago(age)}, $3, $4)`,
      [user, module, withCode ? 'access_code' : 'trial', withCode ? code : null],
    );
  await unlock(bea, 'dementia', 5, true);
  await unlock(bea, 'chronic-pain', 1, true);
  await unlock(eve, 'chronic-pain', 3, false);
  await unlock(dan, 'home-visits', 60, true);
  await unlock(hal, 'womens-health', 20, true);
  await unlock(gus, 'dementia', 2, true);
}

/** `days` days before the transaction's now(), moved `microseconds` later (the columns' resolution). */
const edge = (days: number, microseconds: number) =>
  `now() - interval '${days} days' + interval '${microseconds} microseconds'`;

/**
 * For each window, one account that took every windowed step a microsecond inside its start and one
 * that took them exactly at its start (outside: a window is the `days` days before now, open at its
 * start): a lead, a trial request, a request approved and one rejected (both asked long before), a
 * trial that expired (granted long before), and a first unlock with an access code (a conversion,
 * after that trial began). Two more trials end exactly now (not active) and a microsecond later.
 */
async function arrangeWindowEdgeRows(client: PoolClient) {
  const { rows } = await client.query<{ id: string }>(
    `insert into public.access_codes (organisation_id, code_hash, code_hint)
     values ('c0000000-0000-4000-8000-000000000001', md5(random()::text) || md5(random()::text), 'EDGE') returning id`,
  );
  const code = rows[0]?.id;
  if (!code) throw new Error('Could not create an access code');
  const longBefore = `now() - interval '300 days'`;

  for (const days of [30, 90]) {
    for (const microseconds of [1, 0]) {
      const at = edge(days, microseconds);
      const user = await account(client, 'Edge');
      await client.query(
        `insert into public.leads (first_name, last_name, email, subject, message, client_key, created_at)
         values ('Lead', 'Edge', 'lead-edge@example.org', 'Interest', 'Hello', repeat('0', 64), ${at})`,
      );
      await client.query(
        `insert into public.pending_trials (user_id, first_name, last_name, email, status, submitted_at, reviewed_at)
         select id, 'Edge', 'User', email, step.status, step.submitted_at, step.reviewed_at
         from public.profiles
         cross join (values
           ('pending', ${at}, null::timestamptz),
           ('approved', ${longBefore}, ${at}),
           ('rejected', ${longBefore}, ${at})
         ) as step (status, submitted_at, reviewed_at)
         where id = $1`,
        [user],
      );
      await client.query(
        `insert into public.expired_trials (user_id, email, granted_at, expired_at)
         select id, email, ${longBefore}, ${at} from public.profiles where id = $1`,
        [user],
      );
      await client.query(
        `insert into public.module_unlocks (user_id, module_name, unlocked_at, grant_kind, access_code_id)
         values ($1, 'group-diabetes', ${at}, 'access_code', $2)`,
        [user, code],
      );
    }
  }

  for (const microseconds of [0, 1]) {
    const user = await account(client, 'Ends');
    await client.query(
      `insert into public.active_trial_users (user_id, email, granted_at, expires_at)
       select id, email, now() - interval '30 days', now() + interval '${microseconds} microseconds'
       from public.profiles where id = $1`,
      [user],
    );
  }
}

describe('admin_funnel and admin_module_starts', () => {
  it('count exactly the rows of the last 30 and the last 90 days', async () => {
    const client = await database().connect();
    try {
      await client.query('begin isolation level repeatable read');
      const before = {
        funnel30: await funnel(client, 30),
        funnel90: await funnel(client, 90),
        starts30: await moduleStarts(client, 30),
        starts90: await moduleStarts(client, 90),
      };
      await arrangeFunnelRows(client);

      expect(difference(await funnel(client, 30), before.funnel30)).toEqual({
        leads: 2,
        trial_requests: 3,
        approvals: 1,
        rejections: 1,
        trials_active_now: 2,
        expiries: 1,
        conversions: 1,
      });
      expect(difference(await funnel(client, 90), before.funnel90)).toEqual({
        leads: 3,
        trial_requests: 4,
        approvals: 2,
        rejections: 1,
        trials_active_now: 2,
        expiries: 1,
        conversions: 2,
      });
      expect(difference(await moduleStarts(client, 30), before.starts30)).toEqual({
        dementia: 2,
        'chronic-pain': 2,
        'womens-health': 1,
      });
      expect(difference(await moduleStarts(client, 90), before.starts90)).toEqual({
        dementia: 2,
        'chronic-pain': 2,
        'womens-health': 1,
        'home-visits': 1,
      });
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('count a row a microsecond inside the start of the 30- and 90-day windows, not one on it', async () => {
    const client = await database().connect();
    try {
      await client.query('begin isolation level repeatable read');
      const before = {
        funnel30: await funnel(client, 30),
        funnel90: await funnel(client, 90),
        starts30: await moduleStarts(client, 30),
        starts90: await moduleStarts(client, 90),
      };
      await arrangeWindowEdgeRows(client);

      // 30 days: the row just inside. 90 days: both 30-day rows, and the row just inside.
      const counted = (count: number) => ({
        leads: count,
        trial_requests: count,
        approvals: count,
        rejections: count,
        trials_active_now: 1,
        expiries: count,
        conversions: count,
      });
      expect(difference(await funnel(client, 30), before.funnel30)).toEqual(counted(1));
      expect(difference(await funnel(client, 90), before.funnel90)).toEqual(counted(3));
      expect(difference(await moduleStarts(client, 30), before.starts30)).toEqual({
        'group-diabetes': 1,
      });
      expect(difference(await moduleStarts(client, 90), before.starts90)).toEqual({
        'group-diabetes': 3,
      });
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('answer an admin through the API, most opened modules first', async () => {
    const admin = await signedIn(seeded.admin.email);
    const funnelAnswer = await admin.rpc('admin_funnel', { days: 90 }).single();
    expect(funnelAnswer.error).toBeNull();
    expect(Object.keys(funnelAnswer.data as object).sort()).toEqual(
      [
        'approvals',
        'conversions',
        'expiries',
        'leads',
        'rejections',
        'trial_requests',
        'trials_active_now',
      ].sort(),
    );
    const starts = await admin.rpc('admin_module_starts', { days: 366 });
    expect(starts.error).toBeNull();
    const counts = (starts.data as { starts: number }[]).map((row) => row.starts);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it.each([0, 367, -5])('refuse %i days with 400', async (days) => {
    const admin = await signedIn(seeded.admin.email);
    for (const name of ['admin_funnel', 'admin_module_starts'] as const) {
      const { status, error } = await admin.rpc(name, { days });
      expect({ status, code: error?.code, message: error?.message }).toEqual({
        status: 400,
        code: 'PT400',
        message: 'Days must be a whole number from 1 to 366',
      });
    }
  });

  it('refuse a plain user (42501) and a visitor', async () => {
    const user = await newUser('Funnel Snoop');
    for (const name of ['admin_funnel', 'admin_module_starts'] as const) {
      const plain = await user.client.rpc(name, { days: 30 });
      expect({ status: plain.status, code: plain.error?.code, data: plain.data }).toEqual({
        status: 403,
        code: '42501',
        data: null,
      });
      expect(plain.error?.message).toBe('Admin privileges are required');
      const visitor = await anonClient().rpc(name, { days: 30 });
      expect({ status: visitor.status, code: visitor.error?.code, data: visitor.data }).toEqual({
        status: 401,
        code: '42501',
        data: null,
      });
    }
  });
});
