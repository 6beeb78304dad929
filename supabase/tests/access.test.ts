/**
 * The training access model: the module gate (trial passwords only during an active trial,
 * organisation access codes with expiry, seats, modules and revocation, the attempt limit under
 * concurrency), the admins' code functions, who gets the trial password, and profile names.
 */
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { maxSeats } from '../../src/features/admin/accessCodeLimits';
import {
  anonClient,
  database,
  newOrganisation,
  newUser,
  seeded,
  seededOrganisations,
  serviceClient,
  signedIn,
} from './project';

type TrialState = 'no trial' | 'pending' | 'active' | 'expired';
type Attempt =
  | 'trial password'
  | 'wrong password'
  | 'valid code'
  | 'expired code'
  | 'revoked code'
  | 'full code'
  | 'code for another module';

interface IssuedCode {
  id: string;
  code: string;
  organisation: string;
  expires_at: string | null;
  seat_limit: number | null;
  module_slugs: string[] | null;
}

const trialPassword = 'revolve360';
const codeFormat = /^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/;

const messages = {
  incorrect: 'Incorrect password. Please try again.',
  trial_pending: 'Your trial is awaiting approval. You can unlock modules once it is active.',
  trial_ended: 'Your trial has ended. Please contact us for continued access.',
  no_trial:
    "This password works during an active trial. Request a free trial, or enter your organisation's access code.",
  code_expired: 'This access code has expired. Please ask your organisation for a new one.',
  code_revoked: 'This access code is no longer valid. Please ask your organisation for a new one.',
  code_full: 'This access code has no free places left. Please ask your organisation to add more.',
  code_module: 'This access code does not include this module.',
} as const;
type Reason = keyof typeof messages;

let admin: SupabaseClient;

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
});

async function createCode(options: {
  organisation?: string;
  expires_at?: string;
  seat_limit?: number;
  module_slugs?: string[];
}): Promise<IssuedCode> {
  const { organisation = 'Test Organisation', ...rest } = options;
  const { data, error } = await admin
    .rpc('create_access_code', { organisation_id: await newOrganisation(organisation), ...rest })
    .single<{ code: string; access_code: Omit<IssuedCode, 'code'> }>();
  if (error) throw new Error(`create_access_code: ${error.message}`);
  return { ...data.access_code, code: data.code };
}

/** A new signed-in user whose trial is in the given state. */
async function userWith(state: TrialState, name = `Access ${state}`) {
  const user = await newUser(name);
  if (state === 'pending') {
    await database().query(
      `insert into public.pending_trials (user_id, first_name, last_name, email)
       values ($1, 'Access', 'Pending', $2)`,
      [user.id, user.email],
    );
  } else if (state === 'active') {
    await database().query(
      `insert into public.active_trial_users (user_id, email, granted_at, expires_at)
       values ($1, $2, now() - interval '1 day', now() + interval '29 days')`,
      [user.id, user.email],
    );
  } else if (state === 'expired') {
    await database().query(
      `insert into public.expired_trials (user_id, email, granted_at, expired_at)
       values ($1, $2, now() - interval '40 days', now() - interval '10 days')`,
      [user.id, user.email],
    );
  }
  return user;
}

async function unlockRows(userId: string) {
  const { rows } = await database().query<{
    module_name: string;
    grant_kind: string;
    access_code_id: string | null;
    unlocked_at: Date;
  }>(
    `select module_name, grant_kind, access_code_id, unlocked_at from public.module_unlocks
     where user_id = $1 order by module_name`,
    [userId],
  );
  return rows;
}

async function countedGuesses(userId: string): Promise<number> {
  const { rows } = await database().query<{ count: string }>(
    'select count(*) from private.unlock_attempts where user_id = $1',
    [userId],
  );
  return Number(rows[0]?.count);
}

function refusal(reason: Reason) {
  return { unlocked: false, reason, message: messages[reason] };
}

describe('unlock_module: every trial state against every kind of answer', () => {
  const slug = 'chronic-pain';
  const codes = {} as Record<Exclude<Attempt, 'trial password' | 'wrong password'>, IssuedCode>;

  beforeAll(async () => {
    codes['valid code'] = await createCode({ organisation: 'Matrix Valid' });
    codes['expired code'] = await createCode({
      organisation: 'Matrix Expired',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await database().query(
      "update public.access_codes set expires_at = now() - interval '1 minute' where id = $1",
      [codes['expired code'].id],
    );
    codes['revoked code'] = await createCode({ organisation: 'Matrix Revoked' });
    const revoked = await admin.rpc('revoke_access_code', {
      code_id: codes['revoked code'].id,
    });
    if (revoked.error) throw new Error(revoked.error.message);
    codes['full code'] = await createCode({ organisation: 'Matrix Full', seat_limit: 1 });
    const holder = await userWith('no trial', 'Seat Holder');
    const taken = await holder.client.rpc('unlock_module', {
      slug,
      password: codes['full code'].code,
    });
    if (!(taken.data as { unlocked?: boolean } | null)?.unlocked)
      throw new Error(`The full code's only seat was not taken: ${JSON.stringify(taken)}`);
    codes['code for another module'] = await createCode({
      organisation: 'Matrix Other Module',
      module_slugs: ['home-visits'],
    });
  });

  const trialPasswordAnswer: Record<TrialState, Reason | 'trial'> = {
    'no trial': 'no_trial',
    pending: 'trial_pending',
    active: 'trial',
    expired: 'trial_ended',
  };
  const codeAnswer: Record<Exclude<Attempt, 'trial password'>, Reason | 'access_code'> = {
    'wrong password': 'incorrect',
    'valid code': 'access_code',
    'expired code': 'code_expired',
    'revoked code': 'code_revoked',
    'full code': 'code_full',
    'code for another module': 'code_module',
  };

  for (const state of ['no trial', 'pending', 'active', 'expired'] as const) {
    for (const attempt of Object.keys({ 'trial password': 0, ...codeAnswer }) as Attempt[]) {
      const expected =
        attempt === 'trial password' ? trialPasswordAnswer[state] : codeAnswer[attempt];
      it(`${state}, ${attempt}: ${expected}`, async () => {
        const user = await userWith(state);
        const password =
          attempt === 'trial password'
            ? trialPassword
            : attempt === 'wrong password'
              ? 'not-the-password'
              : codes[attempt].code;
        const { data, error } = await user.client.rpc('unlock_module', { slug, password });
        expect(error).toBeNull();
        const rows = await unlockRows(user.id);
        if (expected === 'trial' || expected === 'access_code') {
          const codeId = expected === 'access_code' ? codes['valid code'].id : null;
          expect(data).toEqual({
            unlocked: true,
            grant: expected,
            unlock: expect.objectContaining({
              user_id: user.id,
              module_name: slug,
              grant_kind: expected,
              access_code_id: codeId,
            }),
          });
          expect(rows).toEqual([
            expect.objectContaining({
              module_name: slug,
              grant_kind: expected,
              access_code_id: codeId,
            }),
          ]);
        } else {
          expect(data).toEqual(refusal(expected));
          expect(rows).toEqual([]);
        }
        // Only an answer that matches nothing counts towards the attempt limit.
        expect(await countedGuesses(user.id)).toBe(expected === 'incorrect' ? 1 : 0);
      });
    }
  }
});

describe('unlock_module: input, repeats and refusals', () => {
  it('trims and ignores case: both trial passwords, and a code typed loosely', async () => {
    const user = await userWith('active');
    for (const password of ['  REVOLVE360 ', 'Revovle360']) {
      const { data } = await user.client.rpc('unlock_module', { slug: 'home-visits', password });
      expect(data).toMatchObject({ unlocked: true, grant: 'trial' });
    }
    const { code } = await createCode({ organisation: 'Loose Typing' });
    const loose = `  ${code.toLowerCase().replaceAll('-', ' ')} `;
    const { data } = await user.client.rpc('unlock_module', { slug: 'dementia', password: loose });
    expect(data).toMatchObject({ unlocked: true, grant: 'access_code' });
    expect((await unlockRows(user.id)).map((row) => row.module_name)).toEqual([
      'dementia',
      'home-visits',
    ]);
  });

  it('a repeat unlock keeps its first date and records the grant used this time', async () => {
    const user = await userWith('active');
    const issued = await createCode({ organisation: 'Repeat Unlocks' });
    const unlock = (password: string) =>
      user.client.rpc('unlock_module', { slug: 'social-justice', password });
    await unlock(trialPassword);
    const [first] = await unlockRows(user.id);
    await unlock(issued.code);
    expect(await unlockRows(user.id)).toEqual([
      {
        module_name: 'social-justice',
        grant_kind: 'access_code',
        access_code_id: issued.id,
        unlocked_at: first?.unlocked_at,
      },
    ]);
    await unlock(trialPassword);
    expect(await unlockRows(user.id)).toEqual([
      {
        module_name: 'social-justice',
        grant_kind: 'trial',
        access_code_id: null,
        unlocked_at: first?.unlocked_at,
      },
    ]);
  });

  it('refuses an unknown module (404) and a visitor (401)', async () => {
    const user = await userWith('active');
    const unknown = await user.client.rpc('unlock_module', {
      slug: 'rural-minds',
      password: trialPassword,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe('Unknown training module');
    const anon = await anonClient().rpc('unlock_module', {
      slug: 'dementia',
      password: trialPassword,
    });
    expect(anon.status).toBe(401);
    expect(await unlockRows(user.id)).toEqual([]);
  });

  it('a signed-in user cannot write the grant columns through the table', async () => {
    const user = await userWith('active');
    const issued = await createCode({ organisation: 'Forged Grant' });
    const forged = await user.client.from('module_unlocks').insert({
      user_id: user.id,
      module_name: 'dementia',
      grant_kind: 'access_code',
      access_code_id: issued.id,
    });
    expect(forged.error?.code).toBe('42501');
    // Start Training's own insert still works, and is recorded as a trial grant.
    const started = await user.client
      .from('module_unlocks')
      .insert({ user_id: user.id, module_name: 'dementia' });
    expect(started.error).toBeNull();
    expect(await unlockRows(user.id)).toEqual([
      expect.objectContaining({
        module_name: 'dementia',
        grant_kind: 'trial',
        access_code_id: null,
      }),
    ]);
  });
});

describe('unlock_module: the attempt limit', () => {
  const tooMany = 'Too many attempts. Please wait a few minutes and try again.';

  it('after ten wrong answers in ten minutes even the right one gets 429', async () => {
    const user = await userWith('active');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { data } = await user.client.rpc('unlock_module', {
        slug: 'dementia',
        password: `guess-${attempt}`,
      });
      expect(data).toEqual(refusal('incorrect'));
    }
    const blocked = await user.client.rpc('unlock_module', {
      slug: 'dementia',
      password: trialPassword,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.error?.message).toBe(tooMany);
    // Wrong answers older than ten minutes no longer count.
    await database().query(
      "update private.unlock_attempts set attempted_at = now() - interval '11 minutes' where user_id = $1",
      [user.id],
    );
    const later = await user.client.rpc('unlock_module', {
      slug: 'dementia',
      password: trialPassword,
    });
    expect(later.data).toMatchObject({ unlocked: true });
  });

  it('answers that name a reason are not counted', async () => {
    const user = await userWith('pending');
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const { data } = await user.client.rpc('unlock_module', {
        slug: 'dementia',
        password: trialPassword,
      });
      expect(data).toEqual(refusal('trial_pending'));
    }
    expect(await countedGuesses(user.id)).toBe(0);
  });

  it('50 wrong guesses at once: ten are answered, the other 40 get 429', async () => {
    const user = await userWith('no trial');
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, attempt) =>
        user.client.rpc('unlock_module', { slug: 'dementia', password: `parallel-${attempt}` }),
      ),
    );
    console.info(`50 parallel guesses answered in ${Math.round(performance.now() - started)} ms`);
    const incorrect = results.filter(
      (result) => (result.data as { reason?: string } | null)?.reason === 'incorrect',
    );
    const limited = results.filter(
      (result) => result.status === 429 && result.error?.message === tooMany,
    );
    expect(incorrect).toHaveLength(10);
    expect(limited).toHaveLength(40);
    expect(await countedGuesses(user.id)).toBe(10);
  });
});

describe('access code seats', () => {
  it("takes the form's largest seat limit and refuses one more, in the function and in the table", async () => {
    const largest = await createCode({ organisation: 'Largest Seats', seat_limit: maxSeats });
    expect(largest.seat_limit).toBe(maxSeats);
    const over = await admin.rpc('create_access_code', {
      organisation_id: await newOrganisation('Too Many Seats'),
      seat_limit: maxSeats + 1,
    });
    expect(over.error).toMatchObject({
      code: '22023',
      message: `Seat limit must be a whole number from 1 to ${maxSeats}`,
    });
    await expect(
      database().query('update public.access_codes set seat_limit = $1 where id = $2', [
        maxSeats + 1,
        largest.id,
      ]),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('a one-seat code: the holder uses it for its other modules, a second person cannot', async () => {
    const issued = await createCode({
      organisation: 'One Seat',
      seat_limit: 1,
      module_slugs: ['home-visits', 'chronic-pain'],
    });
    const holder = await userWith('no trial', 'First Seat');
    const other = await userWith('no trial', 'Second Seat');
    const first = await holder.client.rpc('unlock_module', {
      slug: 'chronic-pain',
      password: issued.code,
    });
    expect(first.data).toMatchObject({ unlocked: true, grant: 'access_code' });
    const refused = await other.client.rpc('unlock_module', {
      slug: 'chronic-pain',
      password: issued.code,
    });
    expect(refused.data).toEqual(refusal('code_full'));
    const again = await holder.client.rpc('unlock_module', {
      slug: 'home-visits',
      password: issued.code,
    });
    expect(again.data).toMatchObject({ unlocked: true, grant: 'access_code' });
    const notCovered = await holder.client.rpc('unlock_module', {
      slug: 'dementia',
      password: issued.code,
    });
    expect(notCovered.data).toEqual(refusal('code_module'));
    const { data } = await admin.rpc('admin_access_codes');
    expect((data as { id: string }[]).find((row) => row.id === issued.id)).toMatchObject({
      seats_used: 1,
      seat_limit: 1,
      status: 'full',
    });
  });

  it('five people racing for the last seat: exactly one gets it', async () => {
    const issued = await createCode({ organisation: 'Last Seat Race', seat_limit: 1 });
    const racers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => userWith('no trial', `Racer ${index}`)),
    );
    const results = await Promise.all(
      racers.map((racer) =>
        racer.client.rpc('unlock_module', { slug: 'dementia', password: issued.code }),
      ),
    );
    const answers = results.map((result) => (result.data as { unlocked?: boolean }).unlocked);
    expect(answers.filter(Boolean)).toHaveLength(1);
    const reasons = results.map((result) => (result.data as { reason?: string }).reason);
    expect(reasons.filter((reason) => reason === 'code_full')).toHaveLength(4);
    const { rows } = await database().query(
      'select count(distinct user_id)::int as seats from public.module_unlocks where access_code_id = $1',
      [issued.id],
    );
    expect(rows).toEqual([{ seats: 1 }]);
  });
});

describe('create_access_code, revoke_access_code and admin_access_codes', () => {
  it('an admin creates a code shown once; only its hash and last four characters are stored', async () => {
    const westfield = await newOrganisation('Westfield Hospice');
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const { data, error } = await admin
      .rpc('create_access_code', {
        organisation_id: westfield,
        expires_at: expiresAt,
        seat_limit: 12,
        module_slugs: ['group-diabetes', 'dementia', 'dementia'],
      })
      .single<{ code: string; access_code: Omit<IssuedCode, 'code'> }>();
    expect(error).toBeNull();
    // The plain code, beside the code as the admin list shows it (no hash).
    expect(data).toEqual({
      code: expect.stringMatching(codeFormat),
      access_code: {
        id: expect.any(String),
        organisation_id: westfield,
        organisation: 'Westfield Hospice',
        code_hint: data?.code.slice(-4),
        expires_at: expect.any(String),
        seat_limit: 12,
        seats_used: 0,
        module_slugs: ['dementia', 'group-diabetes'],
        created_at: expect.any(String),
        created_by_email: seeded.admin.email,
        revoked_at: null,
        status: 'active',
      },
    });
    if (!data) throw new Error('create_access_code answered nothing');
    const issued: IssuedCode = { ...data.access_code, code: data.code };
    expect(Date.parse(issued.expires_at ?? '')).toBe(Date.parse(expiresAt));
    const { rows } = await database().query<Record<string, unknown>>(
      'select * from public.access_codes where id = $1',
      [issued.id],
    );
    const plain = issued.code.replaceAll('-', '');
    expect(rows[0]).toMatchObject({
      code_hash: createHash('sha256').update(plain).digest('hex'),
      code_hint: plain.slice(-4),
      created_by: seeded.admin.id,
      revoked_at: null,
    });
    expect(JSON.stringify(rows[0])).not.toContain(plain);
  });

  it('codes differ from one another', async () => {
    const issued = await Promise.all(
      Array.from({ length: 5 }, () => createCode({ organisation: 'Many Codes' })),
    );
    expect(new Set(issued.map((code) => code.code)).size).toBe(5);
  });

  it('refuses bad input with a message that says what is wrong', async () => {
    const organisation_id = await newOrganisation('Bad Input');
    const cases: [Record<string, unknown>, string][] = [
      [{ organisation_id: crypto.randomUUID() }, 'Choose an organisation'],
      [{ organisation_id: null }, 'Choose an organisation'],
      [{ organisation_id, expires_at: '2020-01-01T00:00:00Z' }, 'Expiry must be in the future'],
      [{ organisation_id, seat_limit: 0 }, 'Seat limit must be a whole number from 1 to 100000'],
      [
        { organisation_id, module_slugs: ['dementia', 'rural-minds'] },
        'Unknown training module: rural-minds',
      ],
      [
        { organisation_id, module_slugs: [] },
        'Choose at least one training module, or none for all of them',
      ],
    ];
    for (const [args, message] of cases) {
      const { status, error } = await admin.rpc('create_access_code', args);
      expect({ status, message: error?.message }, JSON.stringify(args)).toEqual({
        status: 400,
        message,
      });
    }
  });

  it('an admin revokes a code once; the answer has no hash', async () => {
    const issued = await createCode({ organisation: 'To Revoke' });
    const { data, error } = await admin.rpc('revoke_access_code', { code_id: issued.id }).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: issued.id, organisation: 'To Revoke', status: 'revoked' });
    expect((data as { revoked_at: string | null }).revoked_at).not.toBeNull();
    expect(data).not.toHaveProperty('code_hash');
    const again = await admin.rpc('revoke_access_code', { code_id: issued.id });
    expect({ status: again.status, message: again.error?.message }).toEqual({
      status: 409,
      message: 'This access code is already revoked',
    });
    const unknown = await admin.rpc('revoke_access_code', {
      code_id: '00000000-0000-4000-8000-000000000000',
    });
    expect({ status: unknown.status, message: unknown.error?.message }).toEqual({
      status: 404,
      message: 'Access code not found',
    });
  });

  it('the list: newest first, seats used, creator, and revoked before expired before full', async () => {
    const full = await createCode({ organisation: 'List Full', seat_limit: 1 });
    const taker = await userWith('no trial', 'List Seat');
    await taker.client.rpc('unlock_module', { slug: 'dementia', password: full.code });
    const expiredAndFull = await createCode({
      organisation: 'List Expired',
      seat_limit: 1,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    // Another module: a second unlock of the same module would move the taker's seat to this code.
    await taker.client.rpc('unlock_module', {
      slug: 'home-visits',
      password: expiredAndFull.code,
    });
    const revokedAndExpired = await createCode({
      organisation: 'List Revoked',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await admin.rpc('revoke_access_code', { code_id: revokedAndExpired.id });
    await database().query(
      "update public.access_codes set expires_at = now() - interval '1 minute' where id = any($1)",
      [[expiredAndFull.id, revokedAndExpired.id]],
    );
    const active = await createCode({ organisation: 'List Active', seat_limit: 3 });

    const { data, error } = await admin.rpc('admin_access_codes');
    expect(error).toBeNull();
    const list = data as { id: string; created_at: string; [key: string]: unknown }[];
    const createdAt = list.map((row) => Date.parse(row.created_at));
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));
    const byId = new Map(list.map((row) => [row.id, row]));
    expect(byId.get(full.id)).toMatchObject({ status: 'full', seats_used: 1 });
    expect(byId.get(expiredAndFull.id)).toMatchObject({ status: 'expired', seats_used: 1 });
    expect(byId.get(revokedAndExpired.id)).toMatchObject({ status: 'revoked', seats_used: 0 });
    expect(byId.get(active.id)).toEqual({
      id: active.id,
      organisation_id: expect.any(String),
      organisation: 'List Active',
      code_hint: active.code.slice(-4),
      expires_at: null,
      seat_limit: 3,
      seats_used: 0,
      module_slugs: null,
      created_at: expect.any(String),
      created_by_email: seeded.admin.email,
      revoked_at: null,
      status: 'active',
    });
  });

  it('a plain user gets 403 and a visitor 401 from all three; nothing changes', async () => {
    const user = await userWith('active', 'Code Thief');
    const issued = await createCode({ organisation: 'Not Yours' });
    const countCodes = async () => {
      const { rows } = await database().query<{ count: string }>(
        'select count(*) from public.access_codes',
      );
      return Number(rows[0]?.count);
    };
    const before = await countCodes();
    for (const [client, status] of [
      [user.client, 403],
      [anonClient(), 401],
    ] as const) {
      const created = await client.rpc('create_access_code', {
        organisation_id: seededOrganisations.riverside.id,
      });
      const revoked = await client.rpc('revoke_access_code', { code_id: issued.id });
      const listed = await client.rpc('admin_access_codes');
      expect([created.status, revoked.status, listed.status]).toEqual([status, status, status]);
      expect(listed.data).toBeNull();
      if (status === 403) expect(created.error?.message).toBe('Admin privileges are required');
    }
    expect(await countCodes()).toBe(before);
    const { rows } = await database().query(
      'select revoked_at from public.access_codes where id = $1',
      [issued.id],
    );
    expect(rows).toEqual([{ revoked_at: null }]);
  });

  it('the table itself is closed to signed-in users, admins included', async () => {
    const { data, error } = await admin.from('access_codes').select('*');
    expect({ data, code: error?.code }).toEqual({ data: null, code: '42501' });
  });

  it('the seeded sample codes open modules as README says', async () => {
    const user = await userWith('no trial', 'Seed Code User');
    const unlock = (password: string) =>
      user.client.rpc('unlock_module', { slug: 'group-menopause', password });
    expect((await unlock('care-team-2345')).data).toMatchObject({ unlocked: true });
    expect((await unlock('PAST-DATE-6789')).data).toEqual(refusal('code_expired'));
    expect((await unlock('WARD-SHUT-3478')).data).toEqual(refusal('code_revoked'));
  });
});

describe('trial_password', () => {
  it('answers only a caller whose trial is active', async () => {
    const answers: Record<string, unknown> = {};
    for (const state of ['no trial', 'pending', 'active', 'expired'] as const) {
      const user = await userWith(state);
      const { data, error } = await user.client.rpc('trial_password');
      expect(error).toBeNull();
      answers[state] = data;
    }
    expect(answers).toEqual({
      'no trial': null,
      pending: null,
      active: trialPassword,
      expired: null,
    });
    expect((await anonClient().rpc('trial_password')).status).toBe(401);
  });

  it('a trial past its expiry that the job has not moved yet no longer counts', async () => {
    const user = await userWith('active');
    await database().query(
      "update public.active_trial_users set expires_at = now() - interval '1 minute' where user_id = $1",
      [user.id],
    );
    expect((await user.client.rpc('trial_password')).data).toBeNull();
    const { data } = await user.client.rpc('unlock_module', {
      slug: 'dementia',
      password: trialPassword,
    });
    expect(data).toEqual(refusal('trial_ended'));
  });
});

describe('profile names: 2 to 100 characters', () => {
  const uniqueEmail = (label: string) =>
    `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;

  async function profileOf(email: string) {
    const { rows } = await database().query<{ name: string }>(
      'select name from public.profiles where email = $1',
      [email],
    );
    return rows;
  }

  it('sign-up with a one-character name is refused and creates no account', async () => {
    const email = uniqueEmail('short-name');
    const { data, error } = await anonClient().auth.signUp({
      email,
      password: 'Password123',
      options: { data: { name: ' J ' } },
    });
    expect(data.user).toBeNull();
    // Refused at the door by the before-user-created hook, in the form's words.
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('Name must be at least 2 characters');
    const { rows } = await database().query('select id from auth.users where email = $1', [email]);
    expect(rows).toEqual([]);
  });

  it('sign-up with a name over 100 characters keeps its first 100', async () => {
    const email = uniqueEmail('long-name');
    const long = `Maximiliana ${'Featherstonehaugh-'.repeat(8)}Smith`;
    const { error } = await anonClient().auth.signUp({
      email,
      password: 'Password123',
      options: { data: { full_name: `  ${long}  ` } },
    });
    expect(error).toBeNull();
    expect(long.length).toBeGreaterThan(100);
    expect(await profileOf(email)).toEqual([{ name: long.slice(0, 100) }]);
  });

  it('a name is trimmed, and runs of spaces become one', async () => {
    const email = uniqueEmail('spaced-name');
    await anonClient().auth.signUp({
      email,
      password: 'Password123',
      options: { data: { name: '  Ada    Lovelace ' } },
    });
    expect(await profileOf(email)).toEqual([{ name: 'Ada Lovelace' }]);
  });

  it('an account created without a name is named after its e-mail address', async () => {
    const email = uniqueEmail('nameless');
    const { error } = await anonClient().auth.signUp({ email, password: 'Password123' });
    expect(error).toBeNull();
    expect(await profileOf(email)).toEqual([{ name: email.split('@')[0] }]);
    // A one-character local part is no name: the whole address is.
    const shortLocal = `z@${uniqueEmail('domain').replace('@', '.')}`;
    await anonClient().auth.signUp({ email: shortLocal, password: 'Password123' });
    expect(await profileOf(shortLocal)).toEqual([{ name: shortLocal }]);
  });

  it('the database refuses a name outside 2 to 100 characters, even from the service role', async () => {
    const user = await newUser('Renamed Later');
    for (const name of ['A', '  B  ', 'n'.repeat(101)]) {
      const { error } = await serviceClient().from('profiles').update({ name }).eq('id', user.id);
      expect(error?.code, name).toBe('23514');
    }
    const { error } = await serviceClient()
      .from('profiles')
      .update({ name: 'n'.repeat(100) })
      .eq('id', user.id);
    expect(error).toBeNull();
  });
});
