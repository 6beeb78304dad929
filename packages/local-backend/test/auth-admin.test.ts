import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_SERVICE_ROLE_KEY } from '../src/keys';
import {
  authFetch,
  authUrl,
  followLink,
  fragmentOf,
  signIn,
  signUpNew,
  verifyLinkIn,
  waitForMail,
} from './auth-support';
import { defined } from './defined';
import { anonClient, database, serviceClient, strongPassword, uniqueEmail } from './shared';

const db = database();
afterAll(() => db.end());

const admin = () => serviceClient().auth.admin;

async function createConfirmed(metadata: Record<string, unknown> = {}) {
  const email = uniqueEmail('admin-made');
  const { data, error } = await admin().createUser({
    email,
    password: strongPassword,
    email_confirm: true,
    user_metadata: metadata,
  });
  expect(error).toBeNull();
  return { email, user: defined(data.user, 'the created user') };
}

describe('the admin API refuses anyone but the service role', () => {
  it('answers 403 not_admin "User not allowed" to the anon key and to a signed-in user', async () => {
    const anonymous = await anonClient().auth.admin.listUsers();
    expect(anonymous.error?.status).toBe(403);
    expect(anonymous.error?.code).toBe('not_admin');
    expect(anonymous.error?.message).toBe('User not allowed');

    const { client } = await signUpNew();
    const asUser = await client.auth.admin.getUserById(crypto.randomUUID());
    expect(asUser.error?.status).toBe(403);
    expect(asUser.error?.code).toBe('not_admin');
    const invited = await client.auth.admin.inviteUserByEmail(uniqueEmail('not-invited'));
    expect(invited.error?.code).toBe('not_admin');
  });

  it('answers 401 no_authorization without a bearer token', async () => {
    const response = await fetch(`${authUrl}/admin/users`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'no_authorization' });
  });
});

describe('admin users', () => {
  it('createUser with email_confirm: the user signs in at once, triggers ran on the new row', async () => {
    const { email, user } = await createConfirmed({ name: 'Ada Admin' });
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.user_metadata).toEqual({ name: 'Ada Admin', email_verified: true });
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.identities?.[0]).toMatchObject({ provider: 'email', id: user.id });
    const { rows } = await db.query('select name from public.profiles where id = $1', [user.id]);
    expect(rows).toEqual([{ name: 'Ada Admin' }]);
    await signIn(email);
  });

  it('createUser without email_confirm leaves the address unconfirmed; a taken address is 422 email_exists', async () => {
    const email = uniqueEmail('unconfirmed');
    const created = await admin().createUser({ email, password: strongPassword });
    expect(created.error).toBeNull();
    expect(created.data.user?.email_confirmed_at).toBeUndefined();
    const signInAttempt = await anonClient().auth.signInWithPassword({
      email,
      password: strongPassword,
    });
    expect(signInAttempt.error?.code).toBe('email_not_confirmed');

    const again = await admin().createUser({ email, password: strongPassword });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('email_exists');
    expect(again.error?.message).toBe('A user with this email address has already been registered');

    const nothing = await admin().createUser({ password: strongPassword });
    expect(nothing.error?.status).toBe(400);
    expect(nothing.error?.message).toBe('Cannot create a user without either an email or phone');
  });

  it('a failing auth.users trigger answers 500 "Database error creating new user" and leaves no user', async () => {
    await db.query(`
      create or replace function public.refuse_marked_users() returns trigger
      language plpgsql as $$
      begin
        if new.email like 'trigger-refuses-%' then raise exception 'refused by the project'; end if;
        return new;
      end $$;
      drop trigger if exists refuse_marked_users on auth.users;
      create trigger refuse_marked_users after insert on auth.users
        for each row execute function public.refuse_marked_users();`);
    try {
      // supabase-js reports any 5xx as a retryable fetch error; the body says what GoTrue says.
      const created = await admin().createUser({
        email: uniqueEmail('trigger-refuses'),
        password: strongPassword,
      });
      expect(created.error?.status).toBe(500);
      const asService = { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
      const direct = await authFetch('/admin/users', {
        method: 'POST',
        headers: asService,
        body: JSON.stringify({ email: uniqueEmail('trigger-refuses'), password: strongPassword }),
      });
      expect(direct.status).toBe(500);
      expect(await direct.json()).toMatchObject({
        code: 'unexpected_failure',
        msg: 'Database error creating new user',
      });

      const invited = await authFetch('/invite', {
        method: 'POST',
        headers: asService,
        body: JSON.stringify({ email: uniqueEmail('trigger-refuses') }),
      });
      expect(invited.status).toBe(500);
      expect(await invited.json()).toMatchObject({
        code: 'unexpected_failure',
        msg: 'Database error saving new user',
      });

      const { rows } = await db.query(
        "select 1 from auth.users where email like 'trigger-refuses-%'",
      );
      expect(rows).toEqual([]);
    } finally {
      await db.query('drop trigger if exists refuse_marked_users on auth.users');
    }
  });

  it('listUsers pages newest first with the total and the next and last pages', async () => {
    const created = [];
    for (let i = 0; i < 3; i += 1) created.push((await createConfirmed()).user.id);
    // Other test files share the backend and create users meanwhile: the order is checked among
    // this test's own users, within a page holding everyone.
    const { data: everyone } = await admin().listUsers({ page: 1, perPage: 1000 });
    if (!('aud' in everyone)) throw new Error('listUsers answered no page');
    const ids = everyone.users.map((user) => user.id);
    expect(created.map((id) => ids.indexOf(id))).toEqual(
      created.map((id) => ids.indexOf(id)).sort((a, b) => b - a),
    );
    expect(ids.indexOf(created[0] ?? '')).toBeGreaterThan(-1);
    const times = everyone.users.map((user) => Date.parse(user.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const { data, error } = await admin().listUsers({ page: 1, perPage: 1 });
    expect(error).toBeNull();
    if (!('aud' in data)) throw new Error('listUsers answered no page');
    expect(data.users).toHaveLength(1);
    expect(data.aud).toBe('authenticated');
    expect(data.total).toBeGreaterThanOrEqual(3);
    expect(data.nextPage).toBe(2);
    expect(data.lastPage).toBeGreaterThan(1);

    const response = await authFetch('/admin/users?page=2&per_page=2', {
      headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    });
    expect(response.status).toBe(200);
    const total = Number(response.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(data.total);
    const last = Math.ceil(total / 2);
    expect(response.headers.get('link')).toBe(
      `${last > 2 ? `</admin/users?page=3&per_page=2>; rel="next", ` : ''}</admin/users?page=${last}&per_page=2>; rel="last"`,
    );
    const body = (await response.json()) as { users: unknown[]; aud: string };
    expect(body.users).toHaveLength(2);

    const bad = await authFetch('/admin/users?page=x', {
      headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('getUserById answers the user, 404 user_not_found for an unknown id', async () => {
    const { user } = await createConfirmed();
    const found = await admin().getUserById(user.id);
    expect(found.data.user).toMatchObject({ id: user.id, email: user.email });

    const missing = await admin().getUserById(crypto.randomUUID());
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');
    expect(missing.error?.message).toBe('User not found');

    const notUuid = await authFetch('/admin/users/not-a-uuid', {
      headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    });
    expect(notUuid.status).toBe(404);
    expect(await notUuid.json()).toMatchObject({
      code: 'validation_failed',
      msg: 'user_id must be an UUID',
    });
  });

  it('updateUserById sets the password (ending the sessions), metadata and role', async () => {
    const { email, user } = await createConfirmed({ name: 'Before' });
    const session = await signIn(email);
    const { data, error } = await admin().updateUserById(user.id, {
      password: 'Changed987',
      user_metadata: { name: 'After', extra: 1 },
      app_metadata: { plan: 'gold' },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ name: 'After', extra: 1 });
    expect(data.user?.app_metadata).toMatchObject({ provider: 'email', plan: 'gold' });

    const refreshed = await anonClient().auth.refreshSession({
      refresh_token: session.session.refresh_token,
    });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
    const old = await anonClient().auth.signInWithPassword({ email, password: strongPassword });
    expect(old.error?.code).toBe('invalid_credentials');
    await signIn(email, 'Changed987');

    const weak = await admin().updateUserById(user.id, { password: 'weak' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
  });

  it('ban_duration bans (sign-in 400 user_banned, issued tokens 403) and "none" lifts the ban', async () => {
    const { email, user } = await createConfirmed();
    const { client } = await signIn(email);
    const banned = await admin().updateUserById(user.id, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    const until = Date.parse(banned.data.user?.banned_until ?? '');
    expect(until - Date.now()).toBeGreaterThan(23 * 3600 * 1000);

    const signInAttempt = await anonClient().auth.signInWithPassword({
      email,
      password: strongPassword,
    });
    expect(signInAttempt.error?.status).toBe(400);
    expect(signInAttempt.error?.code).toBe('user_banned');
    const withOldToken = await client.auth.getUser();
    expect(withOldToken.error?.status).toBe(403);
    expect(withOldToken.error?.code).toBe('user_banned');

    const bad = await admin().updateUserById(user.id, { ban_duration: 'forever' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.message).toBe(
      'invalid format for ban duration: time: invalid duration "forever"',
    );

    const lifted = await admin().updateUserById(user.id, { ban_duration: 'none' });
    expect(lifted.data.user?.banned_until).toBeUndefined();
    await signIn(email);
  });

  it('updateUserById with email and email_confirm moves the user to the new address', async () => {
    const { user } = await createConfirmed();
    const moved = uniqueEmail('moved');
    const { data, error } = await admin().updateUserById(user.id, {
      email: moved,
      email_confirm: true,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(moved);
    expect(data.user?.identities?.[0]?.identity_data).toMatchObject({
      email: moved,
      email_verified: true,
    });
    await signIn(moved);
  });

  it('deleteUser removes the user; should_soft_delete keeps an anonymised row', async () => {
    const hard = await createConfirmed();
    expect((await admin().deleteUser(hard.user.id)).error).toBeNull();
    expect((await admin().getUserById(hard.user.id)).error?.code).toBe('user_not_found');

    const soft = await createConfirmed({ name: 'Soft Sam' });
    await signIn(soft.email);
    expect((await admin().deleteUser(soft.user.id, true)).error).toBeNull();
    const kept = await admin().getUserById(soft.user.id);
    expect(kept.data.user?.deleted_at).toBeTruthy();
    expect(kept.data.user?.email).not.toBe(soft.email);
    expect(kept.data.user?.user_metadata).toEqual({});
    const { rows } = await db.query(
      'select count(*)::int as n from auth.sessions where user_id = $1',
      [soft.user.id],
    );
    expect(rows).toEqual([{ n: 0 }]);
    const signInAttempt = await anonClient().auth.signInWithPassword({
      email: soft.email,
      password: strongPassword,
    });
    expect(signInAttempt.error?.code).toBe('invalid_credentials');
    // Deleting again is fine, as in GoTrue.
    expect((await admin().deleteUser(soft.user.id, true)).error).toBeNull();
  });

  it('listFactors answers [] for a user without factors; a missing factor is 404', async () => {
    const { user } = await createConfirmed();
    const listed = await admin().mfa.listFactors({ userId: user.id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([]);
    const removed = await admin().mfa.deleteFactor({ userId: user.id, id: crypto.randomUUID() });
    expect(removed.error?.status).toBe(404);
    expect(removed.error?.code).toBe('mfa_factor_not_found');
  });
});

describe('generateLink', () => {
  const redirectTo = 'http://localhost:5173/welcome';

  async function followToSession(actionLink: string) {
    const response = await followLink(actionLink);
    expect(response.status).toBe(303);
    const location = response.headers.get('location') ?? '';
    expect(location.startsWith(redirectTo)).toBe(true);
    return fragmentOf(location);
  }

  it('signup: creates the user and answers a link and code that verify through /verify', async () => {
    const email = uniqueEmail('generated');
    const { data, error } = await admin().generateLink({
      type: 'signup',
      email,
      password: strongPassword,
      options: { data: { name: 'Linked Lou' }, redirectTo },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.properties).toMatchObject({
      verification_type: 'signup',
      redirect_to: redirectTo,
    });
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties?.action_link).toContain(`token=${data.properties?.hashed_token}`);
    const { rows } = await db.query('select name from public.profiles where id = $1', [
      data.user?.id,
    ]);
    expect(rows).toEqual([{ name: 'Linked Lou' }]);

    const fragment = await followToSession(defined(data.properties).action_link);
    expect(fragment.get('type')).toBe('signup');
    const { data: signedIn } = await anonClient().auth.getUser(
      defined(fragment.get('access_token')),
    );
    expect(signedIn.user?.email).toBe(email);
    expect(signedIn.user?.email_confirmed_at).toBeTruthy();
  });

  it('magiclink, recovery and invite links sign the user in; the code works with verifyOtp', async () => {
    const { email } = await createConfirmed();
    for (const type of ['magiclink', 'recovery'] as const) {
      const { data, error } = await admin().generateLink({ type, email, options: { redirectTo } });
      expect(error).toBeNull();
      expect(data.properties?.verification_type).toBe(type);
      const fragment = await followToSession(defined(data.properties).action_link);
      expect(fragment.get('access_token')).toBeTruthy();
    }
    const coded = await admin().generateLink({ type: 'magiclink', email });
    const verified = await anonClient().auth.verifyOtp({
      email,
      token: defined(coded.data.properties).email_otp,
      type: 'email',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);

    const invitee = uniqueEmail('generated-invite');
    const invited = await admin().generateLink({
      type: 'invite',
      email: invitee,
      options: { redirectTo },
    });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.invited_at).toBeTruthy();
    const fragment = await followToSession(defined(invited.data.properties).action_link);
    expect(fragment.get('type')).toBe('invite');
  });

  it('a magic link for an unknown address signs it up; recovery for one is 404', async () => {
    const email = uniqueEmail('generated-new');
    const { data } = await admin().generateLink({ type: 'magiclink', email });
    expect(data.properties?.verification_type).toBe('signup');
    expect(data.user?.email).toBe(email);

    const recovery = await admin().generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(recovery.error?.status).toBe(404);
    expect(recovery.error?.code).toBe('user_not_found');
    expect(recovery.error?.message).toBe('User with this email not found');

    const confirmed = await createConfirmed();
    const taken = await admin().generateLink({
      type: 'signup',
      email: confirmed.email,
      password: strongPassword,
    });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');
  });

  it('email_change_new: following the link moves the user to the new address', async () => {
    const { email, user } = await createConfirmed();
    const newEmail = uniqueEmail('changed-by-link');
    const { data, error } = await admin().generateLink({
      type: 'email_change_new',
      email,
      newEmail,
      options: { redirectTo },
    });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(newEmail);
    expect(data.properties?.action_link).toContain('type=email_change');
    const fragment = await followToSession(defined(data.properties).action_link);
    expect(fragment.get('type')).toBe('email_change');
    const after = await admin().getUserById(user.id);
    expect(after.data.user?.email).toBe(newEmail);
    expect(after.data.user?.new_email).toBeUndefined();
    await signIn(newEmail);
  });
});

describe('inviteUserByEmail', () => {
  it('creates the user, mails the invitation to the local mailbox, and its link signs in', async () => {
    const email = uniqueEmail('invited');
    const sentAfter = Date.now() - 1000;
    const { data, error } = await admin().inviteUserByEmail(email, {
      data: { name: 'Ivy Invited' },
      redirectTo: 'http://localhost:5173/set-password',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.invited_at).toBeTruthy();
    const { rows } = await db.query('select name from public.profiles where id = $1', [
      data.user?.id,
    ]);
    expect(rows).toEqual([{ name: 'Ivy Invited' }]);

    const mail = await waitForMail(email, 'You have been invited', { after: sentAfter });
    const response = await followLink(verifyLinkIn(mail));
    expect(response.status).toBe(303);
    const location = response.headers.get('location') ?? '';
    expect(location.startsWith('http://localhost:5173/set-password')).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('invite');
    const { data: me } = await anonClient().auth.getUser(defined(fragment.get('access_token')));
    expect(me.user?.email_confirmed_at).toBeTruthy();

    const again = await admin().inviteUserByEmail(email);
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('email_exists');
  });
});
