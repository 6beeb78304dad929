/**
 * The admin lists at scale (npm run bench:admin times them at 100,000 users): each first page reads
 * an index in the list's order, a count of trials or unlocks leaves profiles out, and each search
 * (an ILIKE '%part%', which under row level security no index may serve) goes through an
 * admin_search_* function, whose query a trigram index serves. With a few thousand rows the
 * planner already reads each first page through its index; a search's table it would still read
 * whole, so its plan is made with reading a table whole priced out, which only an index that can
 * serve the search avoids. A dropped index, or a query that can no longer use one, fails here
 * instead of slowing the dashboard down unseen.
 *
 * Everything runs in one transaction that adds the rows and is rolled back, so other test files
 * never see them; the lists are read as the seeded admin at aal2, as the dashboard reads them.
 */
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { database, seeded } from './project';

const USERS = 4_000;

let client: PoolClient;

beforeAll(async () => {
  client = await database().connect();
  await client.query('begin');
  await client.query(
    `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       'list-user-' || n || '@example.org', jsonb_build_object('name', 'List User ' || n), now(), now()
     from generate_series(1, $1::int) as n`,
    [USERS],
  );
  await client.query(`
    with numbered as (
      select id, email, (regexp_match(email, '(\\d+)@'))[1]::int as n from public.profiles
      where email like 'list-user-%'
    ),
    pending as (
      insert into public.pending_trials (user_id, email, first_name, last_name)
      select id, email, 'List', 'User ' || n from numbered returning 1
    ),
    active as (
      insert into public.active_trial_users (user_id, email, expires_at)
      select id, email, now() + interval '20 days' from numbered where n % 2 = 0 returning 1
    ),
    expired as (
      insert into public.expired_trials (user_id, email) select id, email from numbered returning 1
    )
    insert into public.module_unlocks (user_id, module_name) select id, 'dementia' from numbered`);
  await client.query(
    `insert into public.leads (first_name, last_name, email, subject, message, client_key, status)
     select 'Lead', 'Number ' || n, 'list-lead-' || n || '@example.org', 'Interest', 'Hello',
       repeat('0', 64), (array['new', 'contacted', 'closed'])[1 + n % 3]
     from generate_series(1, $1::int) as n`,
    [USERS],
  );
  await client.query(
    `insert into public.admin_audit_log (actor_email, action)
     select 'list-admin-' || n % 20 || '@example.org',
       (array['approve_trial', 'reject_trial', 'expire_trial', 'update_lead'])[1 + n % 4]
     from generate_series(1, $1::int) as n`,
    [USERS],
  );
  await client.query(`analyze public.profiles, public.pending_trials, public.active_trial_users,
    public.expired_trials, public.module_unlocks, public.leads, public.admin_audit_log`);
}, 60_000);

afterAll(async () => {
  await client.query('rollback');
  client.release();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** Runs `work` as the user with `claims`, as PostgREST would, then as postgres again. */
async function as<T>(claims: object, work: () => Promise<T>): Promise<T> {
  await client.query(
    `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
    [JSON.stringify(claims)],
  );
  try {
    return await work();
  } finally {
    await client.query(`select set_config('role', 'postgres', true)`);
  }
}

const admin = { sub: seeded.admin.id, role: 'authenticated', aal: 'aal2' };

/** Every node of the plan of `sql`: as its owner runs it, or as the admin reads it. */
async function planOf(
  sql: string,
  values: unknown[] = [],
  reader: 'owner' | 'admin' = 'owner',
): Promise<PlanNode[]> {
  const explain = () =>
    client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${sql}`, values);
  const { rows } = reader === 'admin' ? await as(admin, explain) : await explain();
  const [plan] = rows;
  if (!plan) throw new Error(`No plan for ${sql}`);
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(plan['QUERY PLAN'][0].Plan);
  return nodes;
}

const indexesOf = (nodes: PlanNode[]) =>
  nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : [])).sort();

const page = 'limit 25';

// Each function's query, as it runs it (as its owner, past the policies). The functions over the
// views of trials and unlocks search the profile beside each row: at scale their plans start from
// the profiles these indexes find (npm run bench:admin), at this size they may not.
describe('each search function is served by trigram indexes', () => {
  it.each([
    [
      'admin_search_profiles',
      'select p.* from public.profiles p where p.name ilike $1 or p.email ilike $1',
      ['profiles_email_trgm_idx', 'profiles_name_trgm_idx'],
    ],
    [
      'admin_search_leads',
      'select l.id from public.leads l where l.search_text ilike $1',
      ['leads_search_text_trgm_idx'],
    ],
    [
      'admin_search_audit_log',
      'select a.* from public.admin_audit_log a where a.actor_email ilike $1',
      ['admin_audit_log_actor_email_trgm_idx'],
    ],
  ])('%s', async (_function, sql, indexes) => {
    await client.query('set local enable_seqscan = off');
    const nodes = await planOf(sql, ['%user-1234@%']).finally(() =>
      client.query('set local enable_seqscan = on'),
    );
    expect(indexesOf(nodes)).toEqual(expect.arrayContaining([...indexes]));
  });

  it('answer admins the rows a search finds', async () => {
    const found = await as(admin, () =>
      Promise.all(
        [
          'admin_search_profiles',
          'admin_search_active_trials',
          'admin_search_expired_trials',
          'admin_search_module_unlocks',
        ].map(async (name) => {
          const { rows } = await client.query<{ email: string }>(
            `select * from public.${name}($1)`,
            ['%list-user-1234@%'],
          );
          return rows.length;
        }),
      ),
    );
    // User 1234 has an active trial (an even number), an expired one and an unlock.
    expect(found).toEqual([1, 1, 1, 1]);
  });

  it('and refuse anyone else', async () => {
    const user = { sub: seeded.fresh.id, role: 'authenticated', aal: 'aal1' };
    // The refusal aborts the transaction; rolling back to the savepoint keeps its rows and
    // takes the role and claims back.
    await client.query('savepoint refused');
    await client.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify(user)],
    );
    const refused = await client
      .query(`select * from public.admin_search_profiles('%example%')`)
      .catch((error: unknown) => error);
    await client.query('rollback to savepoint refused');
    expect(refused).toMatchObject({ code: '42501' });
  });
});

describe("each first page reads an index in the list's order", () => {
  it.each([
    [
      'Pending Trials',
      `public.pending_trials where status = 'pending' order by submitted_at desc, id desc`,
      'pending_trials_status_submitted_idx',
    ],
    [
      'Active Trials',
      `public.admin_active_trials where status = 'active' order by granted_at desc, id desc`,
      'active_trial_users_granted_idx',
    ],
    [
      'Expired Trials',
      'public.admin_expired_trials order by expired_at desc, id desc',
      'expired_trials_expired_idx',
    ],
    ['All Users', 'public.profiles order by created_at desc, id desc', 'profiles_created_at_idx'],
    [
      'Module Unlocks',
      'public.admin_module_unlocks order by unlocked_at desc, id desc',
      'module_unlocks_unlocked_idx',
    ],
    ['Leads', 'public.leads order by created_at desc, id desc', 'leads_created_at_idx'],
    ['the audit log', 'public.admin_audit_log order by at desc, id desc', 'admin_audit_log_at_idx'],
    [
      'the audit log of one action',
      `public.admin_audit_log where action = 'update_lead' order by at desc, id desc`,
      'admin_audit_log_action_idx',
    ],
  ])('%s', async (_list, from, index) => {
    const nodes = await planOf(`select id from ${from} ${page}`, [], 'admin');
    expect(indexesOf(nodes)).toContain(index);
    // Read in order: nothing is sorted.
    expect(nodes.map((node) => node['Node Type'])).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/Sort/)]),
    );
  });
});

it('the count of a list of trials or unlocks leaves profiles out', async () => {
  for (const view of ['admin_active_trials', 'admin_expired_trials', 'admin_module_unlocks']) {
    const nodes = await planOf(`select count(*) from public.${view}`, [], 'admin');
    expect(nodes.map((node) => node['Relation Name']).filter(Boolean)).not.toContain('profiles');
  }
});
