/**
 * The organisation workspace (supabase/migrations/20261123000000_organisations.sql and
 * 20261130000000_organisation_workspace.sql): who may read and change what, for every role (a
 * manager of this organisation and of another, a learner member, a non-member, an admin at aal1
 * and aal2, anon); seats under concurrency; membership ending access; invitations' row results;
 * privacy of the progress a manager sees; the audit log.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '@revolve/local-backend/keys';
import type { Database } from '../../src/lib/database.types';
import {
  anonClient,
  database,
  enrolSecondFactor,
  mailbox,
  newAdmin,
  newManager,
  newMember,
  newOrganisation,
  newUser,
  pgNetIdle,
  projectUrl,
  seeded,
  seededOrganisations,
  signedIn,
  signedInAtAal1,
} from './project';

type Views = Database['public']['Views'];
type Cell = Views['organisation_progress_cells']['Row'];
type Member = Views['organisation_member_list']['Row'];
type Cohort = Views['organisation_cohort_list']['Row'];
type Invitation = Views['organisation_invitation_list']['Row'];
type Outcome = Database['public']['Functions']['invite_organisation_members']['Returns'][number];

const notManager = {
  code: '42501',
  message: 'Only a manager of this organisation, signed in with a second factor, can do this',
};

/** A progress row as the LRS would keep it, arranged in SQL; completing issues the certificate. */
async function progress(userId: string, module: string, percent: number, completed = false) {
  await database().query(
    `insert into public.learning_progress (user_id, module, actor, actor_key, activity_id,
       lms_authority, percent)
     values ($1::uuid, $2::text, '{}', 'test:' || $1::text, 'https://example.org/' || $2::text, '{}', $3)
     on conflict (user_id, module) do update set percent = excluded.percent`,
    [userId, module, percent],
  );
  if (completed) {
    await database().query(
      `update public.learning_progress set completed_at = now(), percent = 100
       where user_id = $1 and module = $2`,
      [userId, module],
    );
  }
}

async function mayOpen(userId: string, module: string): Promise<boolean> {
  const { rows } = await database().query<{ open: boolean }>(
    'select private.may_open_module($1, $2) as open',
    [userId, module],
  );
  return rows[0]?.open ?? false;
}

async function auditActions(organisationId: string): Promise<string[]> {
  const { rows } = await database().query<{ action: string }>(
    'select action from public.admin_audit_log where organisation_id = $1 order by id',
    [organisationId],
  );
  return rows.map((row) => row.action);
}

const inFuture = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let admin: SupabaseClient;
let orgA: string;
let orgB: string;
let managerA: Awaited<ReturnType<typeof newManager>>;
let managerB: Awaited<ReturnType<typeof newManager>>;
let learnerA: Awaited<ReturnType<typeof newMember>>;

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
  [orgA, orgB] = await Promise.all([
    newOrganisation('Alpha Practice', { seats: 20 }),
    newOrganisation('Beta Practice', { seats: 20 }),
  ]);
  [managerA, managerB, learnerA] = await Promise.all([
    newManager(orgA, 'Alpha Manager'),
    newManager(orgB, 'Beta Manager'),
    newMember(orgA, 'Alpha Learner'),
  ]);
});

describe('the tables', () => {
  const tables = [
    'organisations',
    'cohorts',
    'organisation_invitations',
    'assignments',
    'admin_organisation_list',
    'organisation_member_list',
    'organisation_cohort_list',
    'organisation_assignment_list',
    'organisation_progress_cells',
    'organisation_invitation_list',
    'member_assignment_list',
    'assignment_reminders',
    'overdue_digests',
  ] as const;

  const writable = [
    'organisations',
    'cohorts',
    'organisation_members',
    'organisation_invitations',
    'assignments',
    'assignment_reminders',
    'overdue_digests',
  ] as const;

  it('no API role reads or writes them directly, managers and admins included', async () => {
    const clients = {
      anon: anonClient(),
      learner: learnerA.client,
      manager: managerA.client,
      admin,
    };
    for (const [who, client] of Object.entries(clients)) {
      for (const table of tables) {
        const { data, error } = await client.from(table).select('*');
        expect({ who, table, data, code: error?.code }).toEqual({
          who,
          table,
          data: null,
          code: '42501',
        });
      }
      for (const table of writable) {
        const inserted = await client.from(table).insert({ id: crypto.randomUUID() });
        const updated = await client
          .from(table)
          .update({ id: crypto.randomUUID() })
          .neq('id', crypto.randomUUID());
        const deleted = await client.from(table).delete().neq('id', crypto.randomUUID());
        expect({
          who,
          table,
          codes: [inserted, updated, deleted].map((result) => result.error?.code),
        }).toEqual({
          who,
          table,
          codes: ['42501', '42501', '42501'],
        });
      }
    }
    const { rows } = await database().query<{ count: number }>(
      'select count(*)::int as count from public.organisations where id = any($1)',
      [[orgA, orgB]],
    );
    expect(rows).toEqual([{ count: 2 }]);
  });

  it('a learner reads only their own memberships, and writes none', async () => {
    const { data, error } = await learnerA.client
      .from('organisation_members')
      .select('organisation_id, role');
    expect(error).toBeNull();
    expect(data).toEqual([{ organisation_id: orgA, role: 'learner' }]);
    const forManager = await managerB.client.from('organisation_members').select('organisation_id');
    expect(forManager.data).toEqual([{ organisation_id: orgB }]);
    const raised = await learnerA.client
      .from('organisation_members')
      .update({ role: 'manager' })
      .eq('user_id', learnerA.id);
    expect(raised.error?.code).toBe('42501');
    const joined = await learnerA.client
      .from('organisation_members')
      .insert({ organisation_id: orgB, user_id: learnerA.id, role: 'manager' });
    expect(joined.error?.code).toBe('42501');
    const anon = await anonClient().from('organisation_members').select('id');
    expect(anon.error?.code).toBe('42501');
  });
});

describe("a manager's functions", () => {
  const managerCalls = (organisationId: string): [string, Record<string, unknown>][] => [
    ['organisation_overview', { organisation_id: organisationId }],
    ['organisation_members', { organisation_id: organisationId }],
    ['organisation_cohorts', { organisation_id: organisationId }],
    ['organisation_assignments', { organisation_id: organisationId }],
    ['organisation_progress', { organisation_id: organisationId }],
    ['organisation_invitations', { organisation_id: organisationId }],
    ['create_cohort', { organisation_id: organisationId, name: 'Intruders' }],
    [
      'assign_module',
      { organisation_id: organisationId, module: 'dementia', due_on: inFuture(10) },
    ],
    [
      'invite_organisation_members',
      { organisation_id: organisationId, people: [{ email: 'x@example.org' }] },
    ],
  ];

  it("refuse another organisation's manager, a learner, a non-member, a manager at aal1 and an admin at aal1, with one answer", async () => {
    const outsider = await newUser('Outsider');
    const managerAtAal1 = await signedInAtAal1(managerA.email);
    const adminAtAal1 = await newAdmin('Aal1 Admin').then((made) => signedInAtAal1(made.email));
    const callers = {
      'manager of B': managerB.client,
      learner: learnerA.client,
      'non-member': outsider.client,
      'manager at aal1': managerAtAal1,
      'admin at aal1': adminAtAal1,
    };
    for (const [who, client] of Object.entries(callers)) {
      for (const [name, args] of managerCalls(orgA)) {
        const { error } = await client.rpc(
          name as 'organisation_overview',
          args as { organisation_id: string },
        );
        expect({ who, name, error: error && { code: error.code, message: error.message } }).toEqual(
          {
            who,
            name,
            error: notManager,
          },
        );
      }
    }
    // An organisation that does not exist gets the same answer as one that is not yours.
    const { error } = await managerA.client.rpc('organisation_overview', {
      organisation_id: crypto.randomUUID(),
    });
    expect(error).toMatchObject(notManager);
    for (const [name, args] of managerCalls(orgA)) {
      const { error: anonError } = await anonClient().rpc(
        name as 'organisation_overview',
        args as { organisation_id: string },
      );
      expect(anonError?.code, name).toBe('42501');
    }
    expect(await auditActions(orgA)).not.toContain('create_cohort');
  });

  it("refuse a manager acting on another organisation's member, cohort, assignment or invitation by id", async () => {
    const bLearner = await newMember(orgB, 'Beta Learner');
    const cohort = await managerB.client
      .rpc('create_cohort', { organisation_id: orgB, name: 'Nights' })
      .single<{ id: string }>();
    const assignment = await managerB.client
      .rpc('assign_module', { organisation_id: orgB, module: 'home-visits', due_on: inFuture(5) })
      .single<{ id: string }>();
    const invited = await managerB.client
      .rpc('invite_organisation_members', {
        organisation_id: orgB,
        people: [{ email: `b-${Date.now()}@example.org` }],
      })
      .single<{ invitation_id: string }>();
    const attempts: [string, Record<string, unknown>][] = [
      ['remove_organisation_member', { member_id: bLearner.memberId }],
      ['set_member_cohort', { member_id: bLearner.memberId, cohort_id: null }],
      ['rename_cohort', { cohort_id: cohort.data?.id, name: 'Mine' }],
      ['delete_cohort', { cohort_id: cohort.data?.id }],
      ['withdraw_assignment', { assignment_id: assignment.data?.id }],
      ['resend_invitation', { invitation_id: invited.data?.invitation_id }],
      ['withdraw_invitation', { invitation_id: invited.data?.invitation_id }],
      // A member of A put into B's cohort.
      ['set_member_cohort', { member_id: learnerA.memberId, cohort_id: cohort.data?.id }],
    ];
    for (const [name, args] of attempts) {
      const { error } = await managerA.client.rpc(
        name as 'delete_cohort',
        args as { cohort_id: string },
      );
      expect({ name, code: error?.code }).toEqual({
        name,
        code:
          name === 'set_member_cohort' && args.member_id === learnerA.memberId ? 'PT404' : '42501',
      });
    }
    const { rows } = await database().query(
      'select removed_at from public.organisation_members where id = $1',
      [bLearner.memberId],
    );
    expect(rows).toEqual([{ removed_at: null }]);
  });

  it('work for the manager at aal2 and for an admin at aal2, and each change is audited with the organisation', async () => {
    const org = await newOrganisation('Audited Surgery');
    const manager = await newManager(org, 'Audited Manager');
    const member = await newMember(org, 'Audited Learner');
    const cohort = await manager.client
      .rpc('create_cohort', { organisation_id: org, name: '  Receptionists ' })
      .single<{ id: string; name: string; members: number }>();
    expect(cohort.data).toMatchObject({ name: 'Receptionists', members: 0 });
    const duplicate = await manager.client.rpc('create_cohort', {
      organisation_id: org,
      name: 'receptionists',
    });
    expect(duplicate.error).toMatchObject({
      code: 'PT409',
      message: 'There is already a cohort with this name',
    });
    expect(
      (
        await manager.client.rpc('rename_cohort', {
          cohort_id: cohort.data?.id ?? '',
          name: 'Front desk',
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await manager.client.rpc('set_member_cohort', {
          member_id: member.memberId,
          cohort_id: cohort.data?.id ?? null,
        })
      ).error,
    ).toBeNull();
    const assigned = await manager.client
      .rpc('assign_module', {
        organisation_id: org,
        module: 'dementia',
        due_on: inFuture(14),
        cohort_id: cohort.data?.id,
      })
      .single<{ id: string; module_title: string; cohort_name: string }>();
    expect(assigned.data).toMatchObject({ cohort_name: 'Front desk' });
    const past = await manager.client.rpc('assign_module', {
      organisation_id: org,
      module: 'dementia',
      due_on: '2020-01-01',
    });
    expect(past.error).toMatchObject({
      code: '22023',
      message: 'The due date cannot be in the past',
    });
    const unknown = await manager.client.rpc('assign_module', {
      organisation_id: org,
      module: 'rural-minds',
      due_on: inFuture(3),
    });
    expect(unknown.error).toMatchObject({ code: '22023', message: 'Unknown training module' });
    expect(
      (await manager.client.rpc('withdraw_assignment', { assignment_id: assigned.data?.id ?? '' }))
        .error,
    ).toBeNull();
    const byAdmin = await admin.rpc('create_cohort', {
      organisation_id: org,
      name: 'Added by Revolve',
    });
    expect(byAdmin.error).toBeNull();
    const self = await manager.client.rpc('remove_organisation_member', {
      member_id: manager.memberId,
    });
    expect(self.error).toMatchObject({ message: 'You cannot remove yourself' });
    expect(
      (await manager.client.rpc('remove_organisation_member', { member_id: member.memberId }))
        .error,
    ).toBeNull();
    expect(
      (await manager.client.rpc('delete_cohort', { cohort_id: cohort.data?.id ?? '' })).error,
    ).toBeNull();
    expect(await auditActions(org)).toEqual([
      'create_cohort',
      'rename_cohort',
      'change_member_cohort',
      'assign_module',
      'withdraw_assignment',
      'create_cohort',
      'remove_member',
      'delete_cohort',
    ]);
    const { rows } = await database().query<{ actor_id: string }>(
      `select distinct actor_id from public.admin_audit_log where organisation_id = $1 and action <> 'create_cohort'`,
      [org],
    );
    expect(rows).toEqual([{ actor_id: manager.id }]);
    // The log names the organisation for its readers, beside its id.
    const named = await database().query<{ organisation: string }>(
      `select distinct details ->> 'organisation' as organisation from public.admin_audit_log
       where organisation_id = $1`,
      [org],
    );
    expect(named.rows).toEqual([{ organisation: 'Audited Surgery' }]);
  });
});

describe('what a manager sees of a member', () => {
  it('progress on the modules the organisation assigned or unlocked, nothing of the others', async () => {
    const org = await newOrganisation('Privacy Practice');
    const manager = await newManager(org, 'Privacy Manager');
    const member = await newMember(org, 'Private Learner');
    // Another organisation assigns the member a module, and they study a third on their own.
    const other = await newOrganisation('Other Employer');
    await database().query(
      `insert into public.organisation_members (organisation_id, user_id, role) values ($1, $2, 'learner')`,
      [other, member.id],
    );
    await database().query(
      `insert into public.assignments (organisation_id, module, due_on) values ($1, 'chronic-pain', current_date + 3)`,
      [other],
    );
    await progress(member.id, 'chronic-pain', 60);
    await progress(member.id, 'group-menopause', 100, true);
    // This organisation assigns dementia, overdue and completed: and home-visits, due, in progress.
    await database().query(
      `insert into public.assignments (organisation_id, module, due_on) values
         ($1, 'dementia', current_date - 2), ($1, 'home-visits', current_date + 7)`,
      [org],
    );
    await progress(member.id, 'home-visits', 40);
    const before = await manager.client.rpc('organisation_progress', { organisation_id: org });
    expect(before.error).toBeNull();
    const cells = (before.data ?? []).filter((cell: Cell) => cell.user_id === member.id);
    expect(
      cells.map((cell: Cell) => [cell.module, cell.state, cell.percent, cell.overdue]).sort(),
    ).toEqual([
      ['dementia', 'not_started', 0, true],
      ['home-visits', 'in_progress', 40, false],
    ]);
    await progress(member.id, 'dementia', 100, true);
    const after = await manager.client.rpc('organisation_progress', { organisation_id: org });
    const dementia = (after.data ?? []).find(
      (cell: Cell) => cell.user_id === member.id && cell.module === 'dementia',
    );
    expect(dementia).toMatchObject({
      state: 'completed',
      overdue: false,
      certificate_code: expect.stringMatching(/^[2-9A-HJ-NP-Z]{12}$/),
    });
    const members = await manager.client.rpc('organisation_members', { organisation_id: org });
    const row = (members.data ?? []).find((listed: Member) => listed.user_id === member.id);
    expect(row).toMatchObject({
      name: 'Private Learner',
      email: member.email,
      assigned: 2,
      completed: 1,
      overdue: 0,
    });
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        'assigned',
        'cohort_id',
        'cohort_name',
        'completed',
        'email',
        'id',
        'joined_at',
        'name',
        'organisation_id',
        'overdue',
        'role',
        'user_id',
      ].sort(),
    );
    // The other employer's manager sees only its own assignment.
    const otherManager = await newManager(other, 'Other Manager');
    const theirs = await otherManager.client.rpc('organisation_progress', {
      organisation_id: other,
    });
    expect(
      (theirs.data ?? [])
        .filter((cell: Cell) => cell.user_id === member.id)
        .map((cell: Cell) => cell.module),
    ).toEqual(['chronic-pain']);
  });
});

describe('seats and membership', () => {
  it('two people racing for the last seat with the code: one joins, the other is told there is no place', async () => {
    const org = await newOrganisation('One Seat Surgery', { seats: 1 });
    const code = await admin
      .rpc('create_access_code', { organisation_id: org })
      .single<{ code: string }>();
    const [first, second] = await Promise.all([newUser('Racer One'), newUser('Racer Two')]);
    const answers = await Promise.all(
      [first, second].map((user) =>
        user.client.rpc('unlock_module', { slug: 'dementia', password: code.data?.code ?? '' }),
      ),
    );
    const outcomes = answers.map((answer) => answer.data as { reason?: string; unlocked: boolean });
    expect(outcomes.filter((outcome) => outcome.unlocked)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.unlocked)).toMatchObject({
      reason: 'organisation_full',
      message:
        'Your organisation has no free places left. Please ask your organisation to add more.',
    });
    const { rows } = await database().query(
      'select count(*)::int as members from public.organisation_members where organisation_id = $1',
      [org],
    );
    expect(rows).toEqual([{ members: 1 }]);
  });

  it('two invitations accepted at once for the last seat: one joins', async () => {
    const org = await newOrganisation('Tight Practice', { seats: 3 });
    const manager = await newManager(org, 'Tight Manager');
    const [one, two] = await Promise.all([newUser('Invitee One'), newUser('Invitee Two')]);
    const invited = await manager.client.rpc('invite_organisation_members', {
      organisation_id: org,
      people: [{ email: one.email }, { email: two.email }],
    });
    expect(invited.data?.map((row: Outcome) => row.result)).toEqual(['invited', 'invited']);
    // A member joins by other means meanwhile, so only one seat is left for the two.
    await database().query('update public.organisations set seats = 2 where id = $1', [org]);
    const ids = invited.data?.map((row: Outcome) => row.invitation_id) ?? [];
    const accepted = await Promise.all(
      [one, two].map((user, index) =>
        user.client.rpc('accept_invitation', { invitation_id: ids[index] ?? '' }),
      ),
    );
    expect(accepted.filter((answer) => answer.error === null)).toHaveLength(1);
    expect(accepted.find((answer) => answer.error)?.error).toMatchObject({ code: 'PT409' });
  });

  it('removing a member frees the seat and ends the access from the organisation, codes and assignments alike', async () => {
    const org = await newOrganisation('Leaving Practice', { seats: 2 });
    const manager = await newManager(org, 'Leaving Manager');
    const code = await admin
      .rpc('create_access_code', { organisation_id: org, module_slugs: ['womens-health'] })
      .single<{ code: string }>();
    const user = await newUser('Leaving Learner');
    const unlocked = await user.client.rpc('unlock_module', {
      slug: 'womens-health',
      password: code.data?.code ?? '',
    });
    expect(unlocked.data).toMatchObject({ unlocked: true, grant: 'access_code' });
    expect(await mayOpen(user.id, 'womens-health')).toBe(true);
    await manager.client.rpc('assign_module', {
      organisation_id: org,
      module: 'social-justice',
      due_on: inFuture(5),
    });
    expect(await mayOpen(user.id, 'social-justice')).toBe(true);
    // Full: the manager and the learner.
    const third = await newUser('No Room');
    const refused = await third.client.rpc('unlock_module', {
      slug: 'womens-health',
      password: code.data?.code ?? '',
    });
    expect(refused.data).toMatchObject({ reason: 'organisation_full' });

    const members = await manager.client.rpc('organisation_members', { organisation_id: org });
    const memberId = members.data?.find((member: Member) => member.user_id === user.id)?.id ?? '';
    expect(
      (await manager.client.rpc('remove_organisation_member', { member_id: memberId })).error,
    ).toBeNull();
    expect(await mayOpen(user.id, 'womens-health')).toBe(false);
    expect(await mayOpen(user.id, 'social-justice')).toBe(false);
    const launch = await user.client.functions.invoke('launch-module', {
      body: { module: 'social-justice' },
    });
    expect(launch.error).not.toBeNull();
    const again = await user.client.rpc('unlock_module', {
      slug: 'womens-health',
      password: code.data?.code ?? '',
    });
    expect(again.data).toMatchObject({
      unlocked: false,
      reason: 'organisation_removed',
      message:
        'Your organisation has removed you from its members. Please ask your manager to invite you again.',
    });
    // The seat is free again.
    const joined = await third.client.rpc('unlock_module', {
      slug: 'womens-health',
      password: code.data?.code ?? '',
    });
    expect(joined.data).toMatchObject({ unlocked: true });
  });

  it("ends the organisation's access when its term ends, and refuses its codes", async () => {
    const org = await newOrganisation('Ended Practice', {
      termStartsOn: '2025-01-01',
      termEndsOn: '2025-12-31',
    });
    const member = await newMember(org, 'Ended Learner');
    await database().query(
      `insert into public.assignments (organisation_id, module, due_on) values ($1, 'dementia', current_date + 3)`,
      [org],
    );
    expect(await mayOpen(member.id, 'dementia')).toBe(false);
    const code = await admin
      .rpc('create_access_code', { organisation_id: org })
      .single<{ code: string }>();
    const answer = await member.client.rpc('unlock_module', {
      slug: 'dementia',
      password: code.data?.code ?? '',
    });
    expect(answer.data).toMatchObject({ unlocked: false, reason: 'organisation_term' });
    await database().query(
      `update public.organisations set term_ends_on = current_date where id = $1`,
      [org],
    );
    expect(await mayOpen(member.id, 'dementia')).toBe(true);
    const { data } = await member.client.rpc('my_assignments');
    expect(data).toEqual([
      {
        user_id: member.id,
        organisation_id: org,
        organisation_name: 'Ended Practice',
        module: 'dementia',
        due_on: expect.any(String),
        state: 'not_started',
        completed_at: null,
      },
    ]);
  });
});

describe('invitations', () => {
  it('answer every row of an upload, create its cohorts, and a repeated upload changes nothing', async () => {
    const org = await newOrganisation('Upload Practice', { seats: 6 });
    const manager = await newManager(org, 'Upload Manager');
    const existing = await newMember(org, 'Already Here');
    const stamp = Date.now().toString(36);
    const people = [
      { email: `  Ada-${stamp}@Example.org `, name: 'Ada Lovelace', cohort: 'Nurses' },
      { email: 'not-an-address', name: 'Nobody' },
      { email: `ada-${stamp}@example.org`, name: 'Ada Again' },
      { email: existing.email },
      { email: `grace-${stamp}@example.org`, name: 'x'.repeat(101) },
      { email: `line-${stamp}@example.org`, cohort: 'Bad\ncohort' },
      { email: `ben-${stamp}@example.org`, cohort: 'nurses' },
      { email: `cal-${stamp}@example.org` },
      { email: `dee-${stamp}@example.org` },
      { email: 42 },
      'just a string',
    ];
    const { data, error } = await manager.client.rpc('invite_organisation_members', {
      organisation_id: org,
      people,
    });
    expect(error).toBeNull();
    // Six seats: the manager, the member and four invitations.
    expect(data?.map((row: Outcome) => [row.row_number, row.result])).toEqual([
      [1, 'invited'],
      [2, 'invalid_email'],
      [3, 'duplicate'],
      [4, 'already_member'],
      [5, 'invalid_name'],
      [6, 'invalid_cohort'],
      [7, 'invited'],
      [8, 'invited'],
      [9, 'invited'],
      [10, 'invalid_email'],
      [11, 'invalid_email'],
    ]);
    expect(data?.[0]?.email).toBe(`ada-${stamp}@example.org`);
    const cohorts = await manager.client.rpc('organisation_cohorts', { organisation_id: org });
    expect(cohorts.data?.map((cohort: Cohort) => cohort.name)).toEqual(['Nurses']);
    const again = await manager.client.rpc('invite_organisation_members', {
      organisation_id: org,
      people,
    });
    expect(again.data?.map((row: Outcome) => row.result)).toEqual([
      'already_invited',
      'invalid_email',
      'duplicate',
      'already_member',
      'invalid_name',
      'invalid_cohort',
      'already_invited',
      'already_invited',
      'already_invited',
      'invalid_email',
      'invalid_email',
    ]);
    const one = await manager.client.rpc('invite_organisation_members', {
      organisation_id: org,
      people: [{ email: `eve-${stamp}@example.org` }],
    });
    expect(one.data?.map((row: Outcome) => row.result)).toEqual(['no_seat']);
    const { rows } = await database().query<{ count: number }>(
      `select count(*)::int as count from public.email_deliveries d
       join public.organisation_invitations i on i.id = d.subject_id
       where d.kind = 'organisation_invitation' and i.organisation_id = $1`,
      [org],
    );
    expect(rows).toEqual([{ count: 4 }]);
    expect((await auditActions(org)).filter((action) => action === 'invite_member')).toHaveLength(
      4,
    );
  });

  it('refuses more than 500 people, anything but a list, a NUL byte, and a manager invitation from a manager', async () => {
    const org = await newOrganisation('Limits Practice');
    const manager = await newManager(org, 'Limits Manager');
    const many = Array.from({ length: 501 }, (_, index) => ({ email: `p${index}@example.org` }));
    const cases: [unknown, string][] = [
      [many, 'Invite 1 to 500 people at a time'],
      [[], 'Invite 1 to 500 people at a time'],
      [{ email: 'a@example.org' }, 'Send a list of people'],
    ];
    for (const [people, message] of cases) {
      const { error } = await manager.client.rpc('invite_organisation_members', {
        organisation_id: org,
        people: people as never,
      });
      expect(error).toMatchObject({ code: '22023', message });
    }
    const nul = await manager.client.rpc('invite_organisation_members', {
      organisation_id: org,
      people: [{ email: 'nul\u0000@example.org' }],
    });
    expect(nul.status).toBe(400);
    const asManager = await manager.client.rpc('invite_organisation_members', {
      organisation_id: org,
      people: [{ email: 'boss@example.org' }],
      role: 'manager',
    });
    expect(asManager.error).toMatchObject({
      code: '42501',
      message: 'Only Revolve can invite a manager',
    });
    const { rows } = await database().query(
      'select count(*)::int as count from public.organisation_invitations where organisation_id = $1',
      [org],
    );
    expect(rows).toEqual([{ count: 0 }]);
  });

  it('an existing user sees the invitation, is notified, and joins into the cohort; nobody else can accept it', async () => {
    const org = await newOrganisation('Joining Practice');
    const manager = await newManager(org, 'Joining Manager');
    const invitee = await newUser('Joining Learner');
    const invited = await manager.client
      .rpc('invite_organisation_members', {
        organisation_id: org,
        people: [{ email: invitee.email, cohort: 'Doctors' }],
      })
      .single<{ invitation_id: string }>();
    const invitationId = invited.data?.invitation_id ?? '';
    const { data: notifications } = await invitee.client.from('notifications').select('title');
    expect(notifications).toContainEqual({ title: 'Invitation from Joining Practice' });
    const mine = await invitee.client.rpc('my_invitations');
    expect(mine.data).toEqual([
      {
        id: invitationId,
        organisation_id: org,
        organisation_name: 'Joining Practice',
        role: 'learner',
        expires_at: expect.any(String),
      },
    ]);
    const stranger = await newUser('Stranger');
    expect((await stranger.client.rpc('my_invitations')).data).toEqual([]);
    const stolen = await stranger.client.rpc('accept_invitation', { invitation_id: invitationId });
    expect(stolen.error).toMatchObject({
      code: 'PT404',
      message: 'This invitation is no longer open',
    });
    const accepted = await invitee.client.rpc('accept_invitation', { invitation_id: invitationId });
    expect(accepted.data).toEqual([
      { organisation_id: org, organisation_name: 'Joining Practice', role: 'learner' },
    ]);
    const members = await manager.client.rpc('organisation_members', { organisation_id: org });
    expect(members.data?.find((member: Member) => member.user_id === invitee.id)).toMatchObject({
      cohort_name: 'Doctors',
    });
    const twice = await invitee.client.rpc('accept_invitation', { invitation_id: invitationId });
    expect(twice.error?.code).toBe('PT404');
    const pending = await manager.client.rpc('organisation_invitations', { organisation_id: org });
    expect(pending.data).toEqual([]);
  });

  it('a withdrawn invitation cannot be accepted and its e-mail is cancelled; a declined one closes', async () => {
    const org = await newOrganisation('Withdrawing Practice');
    const manager = await newManager(org, 'Withdrawing Manager');
    const [first, second] = await Promise.all([newUser('Withdrawn'), newUser('Declining')]);
    const invited = await manager.client.rpc('invite_organisation_members', {
      organisation_id: org,
      people: [{ email: first.email }, { email: second.email }],
    });
    const [firstId, secondId] = invited.data?.map((row: Outcome) => row.invitation_id ?? '') ?? [];
    expect(
      (await manager.client.rpc('withdraw_invitation', { invitation_id: firstId ?? '' })).error,
    ).toBeNull();
    expect(
      (await first.client.rpc('accept_invitation', { invitation_id: firstId ?? '' })).error?.code,
    ).toBe('PT404');
    // Inviting attempts the e-mail at once, so it may have gone before the withdrawal; otherwise the
    // withdrawal cancelled it. (invitation-email.test.ts arranges one not attempted yet, and checks
    // that it is cancelled and never sent.)
    const { rows } = await database().query<{ settled: boolean }>(
      `select (cancelled_at is not null) <> (delivered_at is not null) as settled
       from public.email_deliveries where subject_id = $1`,
      [firstId],
    );
    expect(rows).toEqual([{ settled: true }]);
    expect(
      (await second.client.rpc('decline_invitation', { invitation_id: secondId ?? '' })).error,
    ).toBeNull();
    expect((await second.client.rpc('my_invitations')).data).toEqual([]);
    expect(await auditActions(org)).toEqual([
      'invite_member',
      'invite_member',
      'withdraw_invitation',
    ]);
  });

  it('an expired invitation is renewed by a resend, which queues a new e-mail', async () => {
    const org = await newOrganisation('Resending Practice');
    const manager = await newManager(org, 'Resending Manager');
    const invited = await manager.client
      .rpc('invite_organisation_members', {
        organisation_id: org,
        people: [{ email: `late-${Date.now()}@example.org` }],
      })
      .single<{ invitation_id: string }>();
    const id = invited.data?.invitation_id ?? '';
    await database().query(
      `update public.organisation_invitations set expires_at = now() - interval '1 day' where id = $1`,
      [id],
    );
    const listed = await manager.client.rpc('organisation_invitations', { organisation_id: org });
    expect(listed.data?.map((row: Invitation) => row.status)).toEqual(['expired']);
    const resent = await manager.client
      .rpc('resend_invitation', { invitation_id: id })
      .single<{ status: string; delivery: string }>();
    expect(resent.data).toMatchObject({ status: 'pending', delivery: 'sending' });
  });
});

describe("Revolve's admins", () => {
  it('create and update organisations at aal2, with checks, in the audit log', async () => {
    const created = await admin
      .rpc('create_organisation', {
        name: ' Lakeside PCN ',
        kind: 'pcn',
        seats: 30,
        term_starts_on: '2026-01-01',
        term_ends_on: '2099-12-31',
      })
      .single<{
        id: string;
        name: string;
        seats_used: number;
        status: string;
        manager_emails: string[];
      }>();
    expect(created.data).toMatchObject({
      name: 'Lakeside PCN',
      seats_used: 0,
      status: 'active',
      manager_emails: [],
    });
    const id = created.data?.id ?? '';
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'X' }, 'Name must be 2 to 200 characters'],
      [{ kind: 'hospital' }, 'Choose the kind of organisation'],
      [{ seats: 0 }, 'Seats must be a whole number from 1 to 100000'],
      [{ term_ends_on: '2025-12-31' }, 'The term must end on or after the day it starts'],
    ];
    for (const [change, message] of bad) {
      const { error } = await admin.rpc('update_organisation', {
        organisation_id: id,
        name: 'Lakeside PCN',
        kind: 'pcn',
        seats: 30,
        term_starts_on: '2026-01-01',
        term_ends_on: '2099-12-31',
        ...change,
      });
      expect(error, message).toMatchObject({ code: '22023', message });
    }
    const invited = await admin.rpc('invite_organisation_members', {
      organisation_id: id,
      people: [{ email: `lead-${Date.now()}@example.org`, name: 'Lead Manager' }],
      role: 'manager',
    });
    expect(invited.data?.map((row: Outcome) => row.result)).toEqual(['invited']);
    const { data } = await admin.rpc('admin_organisations').eq('id', id);
    expect(data?.[0]?.invited_manager_emails).toHaveLength(1);
    expect(await auditActions(id)).toEqual(['create_organisation', 'invite_member']);
  });

  it('the seeded manager manages the seeded trust', async () => {
    const manager = await signedIn(seeded.manager.email);
    const { data } = await manager.rpc('my_managed_organisations');
    expect(data).toEqual([seededOrganisations.riverside]);
    const overview = await manager.rpc('organisation_overview', {
      organisation_id: seededOrganisations.riverside.id,
    });
    expect(overview.error).toBeNull();
  });
});

describe('managers need an authenticator app', () => {
  async function managerInvitation(org: string, email: string): Promise<string> {
    const invited = await admin
      .rpc('invite_organisation_members', {
        organisation_id: org,
        people: [{ email }],
        role: 'manager',
      })
      .single<{ invitation_id: string }>();
    if (invited.error) throw new Error(invited.error.message);
    return invited.data.invitation_id;
  }

  it('a manager invitation is refused without an app, stays open, and is accepted once one is set up', async () => {
    const org = await newOrganisation('Appless Practice');
    const invitee = await newUser('Appless Manager');
    const invitationId = await managerInvitation(org, invitee.email);

    const refused = await invitee.client.rpc('accept_invitation', { invitation_id: invitationId });
    expect(refused.status).toBe(428);
    expect(refused.error).toMatchObject({
      code: 'PT428',
      message:
        "Managing an organisation needs two-factor sign-in. Set up an authenticator app on your account's security page, then come back to accept this invitation.",
    });
    expect((await invitee.client.rpc('my_invitations')).data).toEqual([
      expect.objectContaining({ id: invitationId, role: 'manager' }),
    ]);
    const { rows } = await database().query(
      'select 1 from public.organisation_members where organisation_id = $1 and user_id = $2',
      [org, invitee.id],
    );
    expect(rows).toEqual([]);

    await enrolSecondFactor(invitee.client);
    const accepted = await invitee.client.rpc('accept_invitation', { invitation_id: invitationId });
    expect(accepted.data).toEqual([
      { organisation_id: org, organisation_name: 'Appless Practice', role: 'manager' },
    ]);
    expect(
      (await invitee.client.rpc('organisation_overview', { organisation_id: org })).error,
    ).toBeNull();
  });

  it('a learner invitation needs no app', async () => {
    const org = await newOrganisation('Learner Practice');
    const manager = await newManager(org, 'Learner Practice Manager');
    const invitee = await newUser('Plain Learner');
    const invited = await manager.client
      .rpc('invite_organisation_members', {
        organisation_id: org,
        people: [{ email: invitee.email }],
      })
      .single<{ invitation_id: string }>();
    const accepted = await invitee.client.rpc('accept_invitation', {
      invitation_id: invited.data?.invitation_id ?? '',
    });
    expect(accepted.data).toEqual([
      { organisation_id: org, organisation_name: 'Learner Practice', role: 'learner' },
    ]);
  });

  it('a manager whose last app is removed becomes a learner, is told, and is refused as a manager', async () => {
    const org = await newOrganisation('Phoneless Practice');
    const manager = await newManager(org, 'Phoneless Manager');
    const { data } = await manager.client.auth.mfa.listFactors();
    const factorId = data?.totp[0]?.id ?? '';
    expect((await manager.client.auth.mfa.unenroll({ factorId })).error).toBeNull();

    const { rows: membership } = await database().query(
      'select role, removed_at from public.organisation_members where id = $1',
      [manager.memberId],
    );
    expect(membership).toEqual([{ role: 'learner', removed_at: null }]);
    const { rows: audit } = await database().query(
      `select actor_id, action, target_user_id, details from public.admin_audit_log
        where organisation_id = $1 and action = 'demote_manager'`,
      [org],
    );
    expect(audit).toEqual([
      {
        actor_id: null,
        action: 'demote_manager',
        target_user_id: manager.id,
        details: {
          email: manager.email,
          role: 'manager',
          reason: 'all second factors removed',
          organisation: 'Phoneless Practice',
        },
      },
    ]);
    const { data: notifications } = await manager.client
      .from('notifications')
      .select('title, message');
    expect(notifications).toContainEqual({
      title: 'Your organisation manager access was removed',
      message:
        "Your organisation manager access was removed because your last authenticator app was removed from your account. Set up a new authenticator app on your account's security page, then ask Revolve to give you access again.",
    });

    // A new app does not make them a manager again: that takes a new invitation from Revolve.
    const again = await signedInAtAal1(manager.email);
    await enrolSecondFactor(again);
    expect(
      (await again.rpc('organisation_overview', { organisation_id: org })).error,
    ).toMatchObject(notManager);
    expect((await again.rpc('my_managed_organisations')).data).toEqual([]);

    // Revolve invites them to manage again; they accept with the new app, keeping their one seat.
    const invitationId = await managerInvitation(org, manager.email);
    const accepted = await again.rpc('accept_invitation', { invitation_id: invitationId });
    expect(accepted.data).toEqual([
      { organisation_id: org, organisation_name: 'Phoneless Practice', role: 'manager' },
    ]);
    expect((await again.rpc('organisation_overview', { organisation_id: org })).error).toBeNull();
    const { rows: memberships } = await database().query(
      'select role from public.organisation_members where organisation_id = $1 and removed_at is null',
      [org],
    );
    expect(memberships).toEqual([{ role: 'manager' }]);
  });
});

describe('due dates', () => {
  async function deliveries(kind: string, userId: string): Promise<number> {
    const { rows } = await database().query<{ count: number }>(
      `select count(*)::int as count from public.email_deliveries where kind = $1 and user_id = $2`,
      [kind, userId],
    );
    return rows[0]?.count ?? 0;
  }

  it('remind a learner who has not completed 7 days and 1 day before, once each, with a notification', async () => {
    const org = await newOrganisation('Reminding Practice');
    const [due, done] = await Promise.all([
      newMember(org, 'Reminded Learner'),
      newMember(org, 'Finished Learner'),
    ]);
    await database().query(
      `insert into public.assignments (organisation_id, module, due_on) values ($1, 'dementia', current_date + 7)`,
      [org],
    );
    await progress(done.id, 'dementia', 100, true);
    const run = () => database().query('select public.send_organisation_reminders()');
    await run();
    await run();
    expect(await deliveries('assignment_reminder', due.id)).toBe(1);
    expect(await deliveries('assignment_reminder', done.id)).toBe(0);
    const { data } = await due.client.from('notifications').select('title');
    expect(data?.filter((row) => row.title.startsWith('Dementia'))).toHaveLength(1);
    // Six days later (the due date moved in SQL): the 1-day reminder, once.
    await database().query(
      `update public.assignments set due_on = current_date + 1 where organisation_id = $1`,
      [org],
    );
    await run();
    await run();
    const { rows } = await database().query<{ days_before: number }>(
      `select days_before from public.assignment_reminders where user_id = $1 order by days_before`,
      [due.id],
    );
    expect(rows).toEqual([{ days_before: 1 }, { days_before: 7 }]);
    expect(await deliveries('assignment_reminder', due.id)).toBe(2);
    // Both e-mails went through the function and the mail provider, and count as delivered.
    await expect
      .poll(async () => {
        await pgNetIdle();
        await run();
        const delivered = await database().query<{ count: number }>(
          `select count(*)::int as count from public.email_deliveries
           where kind = 'assignment_reminder' and user_id = $1 and delivered_at is not null`,
          [due.id],
        );
        return delivered.rows[0]?.count;
      })
      .toBe(2);
    const subjects = (await mailbox.to(due.email)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      expect.stringMatching(/^Reminder: Dementia is due on /),
      expect.stringMatching(/^Reminder: Dementia is due on /),
    ]);
  });

  it('send each manager one digest a week from Monday 08:00 in London, only while something is overdue', async () => {
    const org = await newOrganisation('Digest Practice');
    const manager = await newMember(org, 'Digest Manager', 'manager');
    const learner = await newMember(org, 'Late Learner');
    const { rows: mondays } = await database().query<{ before: string; after: string }>(
      `select ((date_trunc('week', now() at time zone 'Europe/London') + time '07:59') at time zone 'Europe/London')::text as before,
              ((date_trunc('week', now() at time zone 'Europe/London') + time '08:00') at time zone 'Europe/London')::text as after`,
    );
    const { before, after } = mondays[0] ?? { before: '', after: '' };
    const run = (at: string) =>
      database().query('select public.send_organisation_reminders($1::timestamptz)', [at]);
    await run(after);
    expect(await deliveries('overdue_digest', manager.id)).toBe(0);
    // Due on the Saturday before that Monday, and not completed.
    await database().query(
      `insert into public.assignments (organisation_id, module, due_on)
       values ($1, 'home-visits', ($2::timestamptz at time zone 'Europe/London')::date - 2)`,
      [org, after],
    );
    await run(before);
    expect(await deliveries('overdue_digest', manager.id)).toBe(0);
    await run(after);
    await run(after);
    expect(await deliveries('overdue_digest', manager.id)).toBe(1);
    expect(await deliveries('overdue_digest', learner.id)).toBe(0);
    const { rows } = await database().query(
      `select e.member_email, e.module_title from public.overdue_digests g,
         public.overdue_digest_email(g.id) e where g.organisation_id = $1`,
      [org],
    );
    // The whole organisation was assigned the module, its manager included.
    expect(rows).toEqual(
      expect.arrayContaining([{ member_email: learner.email, module_title: 'Home Visits' }]),
    );
    await expect
      .poll(async () => {
        await pgNetIdle();
        await run(after);
        return (await mailbox.to(manager.email)).map((mail) => mail.subject);
      })
      .toEqual(['Overdue training at Digest Practice: 2']);
    const [digest] = await mailbox.to(manager.email);
    expect((await mailbox.read(digest?.id ?? '')).text).toContain(
      `Late Learner (${learner.email}): Home Visits, due `,
    );
  });
});

describe("the organisations' scheduled jobs", () => {
  it('send invitations every minute and reminders hourly, each committing before it fails on an e-mail not delivered; only the service role runs them', async () => {
    const { rows } = await database().query<{ jobname: string; schedule: string; command: string }>(
      `select jobname, schedule, command from cron.job
       where jobname in ('send-organisation-emails', 'send-organisation-reminders') order by jobname`,
    );
    expect(rows).toEqual([
      {
        jobname: 'send-organisation-emails',
        schedule: '* * * * *',
        command: expect.stringMatching(
          /perform public\.send_organisation_emails\(\);\s+commit;\s+perform private\.assert_email_delivered\('organisation_invitation'\);/,
        ),
      },
      {
        jobname: 'send-organisation-reminders',
        schedule: '0 * * * *',
        command: expect.stringMatching(
          /perform public\.send_organisation_reminders\(\);\s+commit;\s+perform private\.assert_email_delivered\('assignment_reminder'\);\s+perform private\.assert_email_delivered\('overdue_digest'\);/,
        ),
      },
    ]);
    for (const client of [anonClient(), learnerA.client, managerA.client, admin]) {
      for (const job of ['send_organisation_emails', 'send_organisation_reminders'] as const) {
        const { error } = await client.rpc(job);
        expect(error?.code, job).toBe('42501');
      }
    }
  });
});

describe("the organisations' e-mail functions", () => {
  it('answer only the project: 401 to a visitor and to a signed-in manager', async () => {
    const token = (await managerA.client.auth.getSession()).data.session?.access_token ?? '';
    const body = JSON.stringify({ delivery_id: crypto.randomUUID(), attempt: 1 });
    for (const name of [
      'send-organisation-invitation',
      'send-assignment-reminder',
      'send-overdue-digest',
    ]) {
      const callers: Record<string, string>[] = [
        { apikey: LOCAL_PUBLISHABLE_KEY },
        { apikey: LOCAL_PUBLISHABLE_KEY, Authorization: `Bearer ${token}` },
      ];
      for (const headers of callers) {
        const response = await fetch(`${projectUrl}/functions/v1/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body,
        });
        expect({ name, status: response.status }).toEqual({ name, status: 401 });
      }
    }
  });
});
