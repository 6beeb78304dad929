/**
 * Row level security and grants for every table and role, through the same client the app uses.
 * The expected outcome of every cell is written in the tables below and asserted.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, newUser, seeded, serviceClient, signedIn, signedInAtAal1 } from './project';

/** adminAal1: the admin signed in with the password only, before the authenticator app's code. */
type Role = 'anon' | 'userA' | 'userB' | 'admin' | 'adminAal1';
/** denied: the request fails; own: only the caller's rows; all: every row; none: no rows. */
type Visibility = 'denied' | 'own' | 'all' | 'none';

const tables = [
  'profiles',
  'user_roles',
  'notifications',
  'pending_trials',
  'active_trial_users',
  'expired_trials',
  'module_unlocks',
  'access_codes',
  'email_deliveries',
  'lrs_clients',
] as const;
type Table = (typeof tables)[number];

const ownerColumn: Record<Table, string> = {
  profiles: 'id',
  user_roles: 'user_id',
  notifications: 'user_id',
  pending_trials: 'user_id',
  active_trial_users: 'user_id',
  expired_trials: 'user_id',
  module_unlocks: 'user_id',
  access_codes: 'created_by',
  lrs_clients: 'created_by',
  email_deliveries: 'user_id',
};

// userA is active@example.com (active trial, notifications, unlocks); userB is pending@example.com.
// Admins do not read other users' notifications: nothing in the dashboard shows them. An admin
// without the second factor reads as any user does.
const readMatrix: Record<Table, Record<Role, Visibility>> = {
  profiles: { anon: 'denied', userA: 'own', userB: 'own', admin: 'all', adminAal1: 'own' },
  user_roles: { anon: 'denied', userA: 'own', userB: 'own', admin: 'all', adminAal1: 'own' },
  notifications: { anon: 'denied', userA: 'own', userB: 'own', admin: 'own', adminAal1: 'own' },
  pending_trials: { anon: 'denied', userA: 'own', userB: 'own', admin: 'all', adminAal1: 'own' },
  active_trial_users: {
    anon: 'denied',
    userA: 'own',
    userB: 'own',
    admin: 'all',
    adminAal1: 'own',
  },
  expired_trials: { anon: 'denied', userA: 'own', userB: 'own', admin: 'all', adminAal1: 'own' },
  module_unlocks: { anon: 'denied', userA: 'own', userB: 'own', admin: 'all', adminAal1: 'own' },
  // Admins list and change codes through admin_access_codes() and friends, never the table.
  access_codes: {
    anon: 'denied',
    userA: 'denied',
    userB: 'denied',
    admin: 'denied',
    adminAal1: 'denied',
  },
  // Admins list LRS clients through admin_lrs_clients(), which leaves out the secrets' hashes.
  lrs_clients: {
    anon: 'denied',
    userA: 'denied',
    userB: 'denied',
    admin: 'denied',
    adminAal1: 'denied',
  },
  // Admins (at aal2) see which e-mails failed; nobody reads their own, not even the addressee.
  email_deliveries: {
    anon: 'denied',
    userA: 'none',
    userB: 'none',
    admin: 'all',
    adminAal1: 'none',
  },
};

const clients = {} as Record<Role, SupabaseClient>;
const ids: Record<Role, string | undefined> = {
  anon: undefined,
  userA: seeded.active.id,
  userB: seeded.pending.id,
  admin: seeded.admin.id,
  adminAal1: seeded.admin.id,
};

beforeAll(async () => {
  clients.anon = anonClient();
  clients.userA = await signedIn(seeded.active.email);
  clients.userB = await signedIn(seeded.pending.email);
  clients.admin = await signedIn(seeded.admin.email);
  clients.adminAal1 = await signedInAtAal1(seeded.admin.email);
  // A second admin, so that "admin reads all" of user_roles is more than the admin's own row.
  const second = await newUser('Second Admin');
  const { error } = await serviceClient()
    .from('user_roles')
    .insert({ user_id: second.id, role: 'admin' });
  if (error) throw new Error(error.message);
});

describe('who reads what', () => {
  for (const table of tables) {
    for (const role of ['anon', 'userA', 'userB', 'admin', 'adminAal1'] as const) {
      const expected = readMatrix[table][role];
      it(`${table}: ${role} reads ${expected}`, async () => {
        const { data, error } = await clients[role].from(table).select('*');
        if (expected === 'denied') {
          expect(error?.code).toBe('42501');
          return;
        }
        expect(error).toBeNull();
        const rows = (data ?? []) as Record<string, unknown>[];
        const { count } = await serviceClient()
          .from(table)
          .select('*', { count: 'exact', head: true });
        if (expected === 'all') {
          expect(rows.length).toBe(count);
          expect(new Set(rows.map((row) => row[ownerColumn[table]])).size).toBeGreaterThan(1);
        } else if (expected === 'own') {
          expect(rows.every((row) => row[ownerColumn[table]] === ids[role])).toBe(true);
          expect(rows.length).toBeLessThan(count ?? 0);
        } else {
          expect(rows).toEqual([]);
        }
      });
    }
  }

  it('the user rows the read matrix relies on exist', async () => {
    const { data } = await clients.userA.from('module_unlocks').select('module_name');
    expect(data?.length).toBeGreaterThan(0);
    const { data: pending } = await clients.userB.from('pending_trials').select('status');
    expect(pending).toEqual([{ status: 'pending' }]);
  });
});

type WriteOutcome = 'denied' | 'no effect' | 'allowed';

interface WriteCase {
  name: string;
  /** The granted (table, operation) cell this case decides, if any, and for which role. */
  cell?: string;
  roles?: Role[];
  expect: WriteOutcome;
  run: (
    c: Record<Role, SupabaseClient>,
  ) => PromiseLike<{ error: { code?: string } | null; count?: number | null }>;
}

const writeCases: WriteCase[] = [
  // profiles: made by the sign-up trigger, never written by clients.
  {
    name: 'anon inserts a profile',
    expect: 'denied',
    run: (c) =>
      c.anon.from('profiles').insert({ id: seeded.fresh.id, name: 'x', email: 'x@example.com' }),
  },
  {
    name: 'a user renames their own profile',
    expect: 'denied',
    run: (c) => c.userA.from('profiles').update({ name: 'Renamed' }).eq('id', seeded.active.id),
  },
  {
    name: 'a user deletes their own profile',
    expect: 'denied',
    run: (c) => c.userA.from('profiles').delete().eq('id', seeded.active.id),
  },
  {
    name: 'an admin edits another profile',
    expect: 'denied',
    run: (c) => c.admin.from('profiles').update({ name: 'Edited' }).eq('id', seeded.active.id),
  },
  // user_roles: only grant_admin_role() adds roles.
  {
    name: 'a user makes themselves admin',
    expect: 'denied',
    run: (c) => c.userA.from('user_roles').insert({ user_id: seeded.active.id, role: 'admin' }),
  },
  {
    name: 'an admin inserts a role directly',
    expect: 'denied',
    run: (c) => c.admin.from('user_roles').insert({ user_id: seeded.active.id, role: 'admin' }),
  },
  {
    name: 'an admin deletes a role',
    expect: 'denied',
    run: (c) => c.admin.from('user_roles').delete().eq('user_id', seeded.admin.id),
  },
  {
    name: 'anon inserts a role',
    expect: 'denied',
    run: (c) => c.anon.from('user_roles').insert({ user_id: seeded.active.id, role: 'admin' }),
  },
  // notifications: users only mark their own read.
  {
    name: 'a user writes themselves a notification',
    expect: 'denied',
    run: (c) =>
      c.userA.from('notifications').insert({ user_id: seeded.active.id, title: 'x', message: 'y' }),
  },
  {
    name: 'an admin writes a notification',
    expect: 'denied',
    run: (c) =>
      c.admin.from('notifications').insert({ user_id: seeded.active.id, title: 'x', message: 'y' }),
  },
  {
    name: "a user marks another user's notification read",
    cell: 'notifications update',
    roles: ['userB'],
    expect: 'no effect',
    run: (c) =>
      c.userB
        .from('notifications')
        .update({ read: true, read_at: new Date().toISOString() }, { count: 'exact' })
        .eq('user_id', seeded.active.id),
  },
  {
    name: 'a user marks a notification unread',
    cell: 'notifications update',
    roles: ['userA'],
    expect: 'denied',
    run: (c) =>
      c.userA
        .from('notifications')
        .update({ read: false, read_at: null })
        .eq('user_id', seeded.active.id)
        .eq('read', true),
  },
  {
    name: "a user rewrites a notification's title",
    cell: 'notifications update',
    roles: ['userA'],
    expect: 'denied',
    run: (c) =>
      c.userA.from('notifications').update({ title: 'Changed' }).eq('user_id', seeded.active.id),
  },
  {
    name: 'a user deletes their notification',
    expect: 'denied',
    run: (c) => c.userA.from('notifications').delete().eq('user_id', seeded.active.id),
  },
  {
    name: 'anon reads or writes notifications',
    expect: 'denied',
    run: (c) => c.anon.from('notifications').update({ read: true }).eq('read', false),
  },
  // pending_trials
  {
    name: 'anon requests a trial',
    expect: 'denied',
    run: (c) =>
      c.anon
        .from('pending_trials')
        .insert({ first_name: 'A', last_name: 'B', email: 'anon@example.com', status: 'pending' }),
  },
  {
    name: 'a user with an active trial requests another',
    cell: 'pending_trials insert',
    roles: ['userA'],
    expect: 'denied',
    run: (c) =>
      c.userA.from('pending_trials').insert({
        first_name: 'Priya',
        last_name: 'Active',
        email: seeded.active.email,
        status: 'pending',
      }),
  },
  {
    name: 'a user requests a second pending trial',
    cell: 'pending_trials insert',
    roles: ['userB'],
    expect: 'denied',
    run: (c) =>
      c.userB.from('pending_trials').insert({
        first_name: 'Jordan',
        last_name: 'Pending',
        email: seeded.pending.email,
        status: 'pending',
      }),
  },
  {
    name: 'a user approves their own request',
    cell: 'pending_trials update',
    roles: ['userB'],
    expect: 'no effect',
    run: (c) =>
      c.userB
        .from('pending_trials')
        .update({ status: 'rejected' }, { count: 'exact' })
        .eq('user_id', seeded.pending.id),
  },
  {
    name: 'an admin marks a request approved directly',
    cell: 'pending_trials update',
    roles: ['admin'],
    expect: 'denied',
    run: (c) =>
      c.admin
        .from('pending_trials')
        .update({ status: 'approved' })
        .eq('user_id', seeded.pending.id),
  },
  {
    name: 'an admin deletes a request',
    expect: 'denied',
    run: (c) => c.admin.from('pending_trials').delete().eq('user_id', seeded.pending.id),
  },
  // active_trial_users and expired_trials: only the SQL functions write them.
  {
    name: 'a user grants themselves a trial',
    expect: 'denied',
    run: (c) =>
      c.userB.from('active_trial_users').insert({
        user_id: seeded.pending.id,
        email: seeded.pending.email,
        expires_at: '2099-01-01T00:00:00Z',
      }),
  },
  {
    name: 'a user extends their trial',
    expect: 'denied',
    run: (c) =>
      c.userA
        .from('active_trial_users')
        .update({ expires_at: '2099-01-01T00:00:00Z' })
        .eq('user_id', seeded.active.id),
  },
  {
    name: 'an admin inserts an active trial directly',
    expect: 'denied',
    run: (c) =>
      c.admin.from('active_trial_users').insert({
        user_id: seeded.pending.id,
        email: seeded.pending.email,
        expires_at: '2099-01-01T00:00:00Z',
      }),
  },
  {
    name: 'an admin deletes an active trial directly',
    expect: 'denied',
    run: (c) => c.admin.from('active_trial_users').delete().eq('user_id', seeded.active.id),
  },
  {
    name: 'a user allows themselves a re-trial',
    expect: 'denied',
    run: (c) =>
      c.userA.from('expired_trials').update({ can_retrial: true }).eq('user_id', seeded.active.id),
  },
  {
    name: 'a user inserts an expired trial',
    expect: 'denied',
    run: (c) =>
      c.userA
        .from('expired_trials')
        .insert({ user_id: seeded.active.id, email: seeded.active.email }),
  },
  // module_unlocks: trial modules by trial users; others through unlock_module().
  {
    name: 'a trial user records a trial module',
    cell: 'module_unlocks insert',
    roles: ['userA'],
    expect: 'allowed',
    run: (c) =>
      c.userA
        .from('module_unlocks')
        .insert({ user_id: seeded.active.id, module_name: 'conflict-resolution' }),
  },
  {
    name: 'a trial user records a module outside the trial',
    cell: 'module_unlocks insert',
    roles: ['userA'],
    expect: 'denied',
    run: (c) =>
      c.userA
        .from('module_unlocks')
        .insert({ user_id: seeded.active.id, module_name: 'home-visits' }),
  },
  {
    name: 'a user without a trial records a trial module',
    cell: 'module_unlocks insert',
    roles: ['userB'],
    expect: 'denied',
    run: (c) =>
      c.userB
        .from('module_unlocks')
        .insert({ user_id: seeded.pending.id, module_name: 'dementia' }),
  },
  {
    name: 'a user records an unlock for someone else',
    cell: 'module_unlocks insert',
    roles: ['userA'],
    expect: 'denied',
    run: (c) =>
      c.userA
        .from('module_unlocks')
        .insert({ user_id: seeded.pending.id, module_name: 'dementia' }),
  },
  {
    name: 'a user deletes an unlock',
    expect: 'denied',
    run: (c) => c.userA.from('module_unlocks').delete().eq('user_id', seeded.active.id),
  },
  {
    name: 'anon records an unlock',
    expect: 'denied',
    run: (c) =>
      c.anon.from('module_unlocks').insert({ user_id: seeded.active.id, module_name: 'dementia' }),
  },
  {
    name: 'a user marks their own notification read',
    cell: 'notifications update',
    roles: ['userA'],
    expect: 'allowed',
    run: (c) =>
      c.userA
        .from('notifications')
        .update({ read: true, read_at: new Date().toISOString() }, { count: 'exact' })
        .eq('user_id', seeded.active.id)
        .eq('read', false),
  },
  {
    name: "an admin marks a user's notification read",
    cell: 'notifications update',
    roles: ['admin'],
    expect: 'no effect',
    run: (c) =>
      c.admin
        .from('notifications')
        .update({ read: true, read_at: new Date().toISOString() }, { count: 'exact' })
        .eq('user_id', seeded.expiring.id),
  },
  {
    name: "an admin requests a trial in someone else's name",
    cell: 'pending_trials insert',
    roles: ['admin'],
    expect: 'denied',
    run: (c) =>
      c.admin.from('pending_trials').insert({
        user_id: seeded.fresh.id,
        first_name: 'Robin',
        last_name: 'New',
        email: seeded.fresh.email,
        status: 'pending',
      }),
  },
  {
    name: 'a user rejects their own approved request',
    cell: 'pending_trials update',
    roles: ['userA'],
    expect: 'no effect',
    run: (c) =>
      c.userA
        .from('pending_trials')
        .update({ status: 'rejected' }, { count: 'exact' })
        .eq('user_id', seeded.active.id),
  },
  {
    name: 'an admin without a trial records a trial module',
    cell: 'module_unlocks insert',
    roles: ['admin'],
    expect: 'denied',
    run: (c) =>
      c.admin.from('module_unlocks').insert({ user_id: seeded.admin.id, module_name: 'dementia' }),
  },
];

describe('who writes what', () => {
  for (const testCase of writeCases) {
    it(`${testCase.name}: ${testCase.expect}`, async () => {
      const result = await testCase.run(clients);
      if (testCase.expect === 'denied') {
        // Refused by a missing grant or a policy (42501), or by the one-open-request rule (23505).
        expect(['42501', '23505'], JSON.stringify(result.error)).toContain(result.error?.code);
      } else if (testCase.expect === 'no effect') {
        expect(result.error).toBeNull();
        expect(result.count).toBe(0);
      } else {
        expect(result.error).toBeNull();
      }
    });
  }
});

type Operation = 'insert' | 'update' | 'delete';

/**
 * The write grants of a signed-in user. Every other (table, operation) is refused to every role by
 * the missing grant alone; the cells that do have a grant are decided by row level security and are
 * covered one by one in writeCases above.
 */
const authenticatedWriteGrants: Record<Table, Operation[]> = {
  profiles: [],
  user_roles: [],
  notifications: ['update'],
  pending_trials: ['insert', 'update'],
  active_trial_users: [],
  expired_trials: [],
  module_unlocks: ['insert'],
  access_codes: [],
  lrs_clients: [],
  email_deliveries: [],
};

const sampleRow: Record<Table, (owner: string) => Record<string, unknown>> = {
  profiles: (owner) => ({ id: owner, name: 'Sample', email: 'sample@example.com' }),
  user_roles: (owner) => ({ user_id: owner, role: 'admin' }),
  notifications: (owner) => ({ user_id: owner, title: 'Sample', message: 'Sample' }),
  pending_trials: (owner) => ({
    user_id: owner,
    first_name: 'S',
    last_name: 'S',
    email: 'sample@example.com',
  }),
  active_trial_users: (owner) => ({
    user_id: owner,
    email: 'sample@example.com',
    expires_at: '2099-01-01T00:00:00Z',
  }),
  expired_trials: (owner) => ({ user_id: owner, email: 'sample@example.com', can_retrial: true }),
  module_unlocks: (owner) => ({ user_id: owner, module_name: 'home-visits' }),
  access_codes: (owner) => ({
    organisation_id: 'c0000000-0000-4000-8000-000000000001',
    code_hash: '0'.repeat(64),
    code_hint: 'ABCD',
    created_by: owner,
  }),
  lrs_clients: (owner) => ({
    name: 'Sample client',
    key: '0'.repeat(32),
    secret_hash: '0'.repeat(64),
    scopes: ['all'],
    created_by: owner,
  }),
  email_deliveries: (owner) => ({
    kind: 'trial_reminder',
    subject_id: '00000000-0000-4000-8000-000000000000',
    user_id: owner,
    delivered_at: '2026-01-01T00:00:00Z',
  }),
};

describe('every write without a grant is refused', () => {
  for (const table of tables) {
    for (const role of ['anon', 'userA', 'userB', 'admin'] as const) {
      for (const operation of ['insert', 'update', 'delete'] as const) {
        const granted = role !== 'anon' && authenticatedWriteGrants[table].includes(operation);
        if (granted) {
          it(`${table} ${operation} by ${role} is covered by a row-level case`, () => {
            const label = `${table} ${operation}`;
            expect(
              writeCases.some(
                (testCase) => testCase.cell === label && testCase.roles?.includes(role),
              ),
            ).toBe(true);
          });
          continue;
        }
        it(`${table}: ${role} may not ${operation}`, async () => {
          const owner = ids[role] ?? seeded.active.id;
          const query = clients[role].from(table);
          const result =
            operation === 'insert'
              ? await query.insert(sampleRow[table](owner))
              : operation === 'update'
                ? await query.update(sampleRow[table](owner)).eq(ownerColumn[table], owner)
                : await query.delete().eq(ownerColumn[table], owner);
          expect(result.error?.code, JSON.stringify(result.error)).toBe('42501');
        });
      }
    }
  }
});

describe('what stays private', () => {
  it('the private schema is not reachable through the API', async () => {
    const { error } = await clients.admin.schema('private').from('settings').select('*');
    expect(error?.code).toBe('PGRST106');
  });

  it('the trial password needs an active trial', async () => {
    const active = await clients.userA.rpc('trial_password');
    expect(active.data).toBe('revolve360');
    const pending = await clients.userB.rpc('trial_password');
    expect(pending).toMatchObject({ data: null, error: null });
    const { client } = await newUser('No Trial');
    const none = await client.rpc('trial_password');
    expect(none).toMatchObject({ data: null, error: null });
    expect((await clients.anon.rpc('trial_password')).error).not.toBeNull();
  });

  it('a duplicate pending request fails with 23505 (Already Requested)', async () => {
    const { client, email } = await newUser('Duplicate Request');
    const request = { first_name: 'Duplicate', last_name: 'Request', email, status: 'pending' };
    expect((await client.from('pending_trials').insert(request)).error).toBeNull();
    const again = await client.from('pending_trials').insert(request);
    expect(again.error?.code).toBe('23505');
  });

  it('a trial request must use the account e-mail', async () => {
    const { client } = await newUser('Wrong Email');
    const { error } = await client.from('pending_trials').insert({
      first_name: 'Wrong',
      last_name: 'Email',
      email: seeded.fresh.email,
      status: 'pending',
    });
    expect(error?.code).toBe('42501');
  });

  it('a user whose last trial allowed a re-trial may request again; one that did not may not', async () => {
    const retrial = await signedIn(seeded.retrial.email);
    const allowed = await retrial.from('pending_trials').insert({
      first_name: 'Morgan',
      last_name: 'Retrial',
      email: seeded.retrial.email,
      status: 'pending',
    });
    expect(allowed.error).toBeNull();
    const expired = await signedIn(seeded.expired.email);
    const refused = await expired.from('pending_trials').insert({
      first_name: 'Casey',
      last_name: 'Expired',
      email: seeded.expired.email,
      status: 'pending',
    });
    expect(refused.error?.code).toBe('42501');
  });
});
