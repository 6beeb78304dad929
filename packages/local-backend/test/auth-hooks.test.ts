import { appendFile, cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../src/keys';
import { BackendStartError } from '../src/start-error';
import { fixtureSupabaseDir, startTestBackend, totpCode, type TestBackend } from '../src/testing';
import { queryOn } from './auth-support';
import { strongPassword, uniqueEmail } from './shared';

// Hooks that record every call and answer what a test sets in hook_answers, so each test can play a
// hook's decision and read the payload the backend sent. Only supabase_auth_admin may call them, as
// a project grants its hooks.
const hookMigration = `
create table public.hook_calls (id bigserial primary key, hook text not null, payload jsonb not null);
create table public.hook_answers (hook text primary key, answer jsonb, fail boolean not null default false);
create function public.record_hook(hook text, event jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  chosen public.hook_answers;
begin
  insert into public.hook_calls (hook, payload) values (hook, event);
  select * into chosen from public.hook_answers a where a.hook = record_hook.hook;
  if chosen.fail then raise exception 'the hook broke'; end if;
  return coalesce(chosen.answer, '{}'::jsonb);
end;
$$;
create function public.mfa_hook(event jsonb) returns jsonb
language sql security definer set search_path = '' as $$ select public.record_hook('mfa', event) $$;
create function public.user_hook(event jsonb) returns jsonb
language sql security definer set search_path = '' as $$ select public.record_hook('user', event) $$;
-- Configured but never granted: Auth's role cannot run it.
create function public.ungranted_hook(event jsonb) returns jsonb
language sql as $$ select '{}'::jsonb $$;
revoke all on function public.record_hook(text, jsonb), public.mfa_hook(jsonb),
  public.user_hook(jsonb), public.ungranted_hook(jsonb) from public, anon, authenticated, service_role;
grant usage on schema public to supabase_auth_admin;
grant execute on function public.mfa_hook(jsonb), public.user_hook(jsonb) to supabase_auth_admin;
`;

const hookConfig = (userHook: string) => `
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true

[auth.hook.mfa_verification_attempt]
enabled = true
uri = "pg-functions://postgres/public/mfa_hook"

[auth.hook.before_user_created]
enabled = true
uri = "pg-functions://postgres/public/${userHook}"
`;

let hooked: TestBackend;
let projectDir: string;

beforeAll(async () => {
  projectDir = await mkdtemp(join(tmpdir(), 'hooks-fixture-'));
  await cp(fixtureSupabaseDir, projectDir, { recursive: true });
  await appendFile(join(projectDir, 'config.toml'), hookConfig('user_hook'));
  await writeFile(join(projectDir, 'migrations', '20260201000000_hooks.sql'), hookMigration);
  hooked = await startTestBackend({ supabaseDir: projectDir, rateLimitHeader: 'X-Forwarded-For' });
});

afterAll(async () => {
  await hooked?.stop();
  await rm(projectDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await queryOn(hooked, 'delete from public.hook_answers');
});

const answer = (hook: string, value: unknown, fail = false) =>
  queryOn(hooked, 'insert into public.hook_answers (hook, answer, fail) values ($1, $2, $3)', [
    hook,
    JSON.stringify(value),
    fail,
  ]);

async function lastPayload(hook: string): Promise<Record<string, unknown>> {
  const [row] = await queryOn<{ payload: Record<string, unknown> }>(
    hooked,
    'select payload from public.hook_calls where hook = $1 order by id desc limit 1',
    [hook],
  );
  return row?.payload ?? {};
}

function clientAt(address: string): SupabaseClient {
  return createClient(hooked.url, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Forwarded-For': address } },
    realtime: { transport: WebSocket as never },
  });
}

async function accountWithFactor() {
  const client = clientAt('198.51.100.20');
  const email = uniqueEmail('hooks');
  expect((await client.auth.signUp({ email, password: strongPassword })).error).toBeNull();
  const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
  if (!data) throw new Error('no factor');
  const { data: user } = await client.auth.getUser();
  return { client, email, factor: data, userId: user.user?.id ?? '' };
}

const wrong = (secret: string) =>
  String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');

describe('the MFA verification attempt hook', () => {
  it('receives GoTrue’s payload for every code checked, right or wrong', async () => {
    const { client, factor, userId } = await accountWithFactor();
    await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: wrong(factor.totp.secret),
    });
    expect(await lastPayload('mfa')).toEqual({
      metadata: {
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        time: expect.any(String),
        name: 'mfa-verification',
        ip_address: '198.51.100.20',
      },
      user_id: userId,
      factor_id: factor.id,
      factor_type: 'totp',
      valid: false,
    });
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret),
    });
    expect(error).toBeNull();
    expect(await lastPayload('mfa')).toMatchObject({ valid: true });
  });

  it('refuses a right code when the hook rejects: 403 with its message, and signs the user out everywhere', async () => {
    const { client, factor } = await accountWithFactor();
    const { data: before } = await client.auth.getSession();
    await answer('mfa', { decision: 'reject', message: 'Locked for now.' });
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret),
    });
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('mfa_verification_rejected');
    expect(error?.message).toBe('Locked for now.');
    const refreshed = await clientAt('198.51.100.21').auth.refreshSession({
      refresh_token: before.session?.refresh_token ?? '',
    });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
  });

  it('words a rejection without a message as GoTrue does', async () => {
    const { client, factor } = await accountWithFactor();
    await answer('mfa', { decision: 'reject' });
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret),
    });
    expect(error?.message).toBe('Further MFA verification attempts will be rejected.');
  });

  it('answers an error answer with its status and message, and a broken hook with a 500', async () => {
    const { client, factor } = await accountWithFactor();
    await answer('mfa', { error: { http_code: 429, message: 'Slow down.' } });
    const refused = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret),
    });
    expect(refused.error?.status).toBe(429);
    expect(refused.error?.message).toBe('Slow down.');

    await queryOn(hooked, 'delete from public.hook_answers');
    await answer('mfa', null, true);
    const broken = await client.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret),
    });
    expect(broken.error?.status).toBe(500);
  });
});

describe('the before-user-created hook', () => {
  it('receives the user about to be made, and refuses it with the answer’s status and message', async () => {
    const email = uniqueEmail('door');
    await answer('user', { error: { http_code: 400, message: 'Not you.' } });
    const { error } = await clientAt('198.51.100.30').auth.signUp({
      email,
      password: strongPassword,
      options: { data: { name: 'Door Test' } },
    });
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('Not you.');
    expect(await queryOn(hooked, 'select 1 from auth.users where email = $1', [email])).toEqual([]);
    expect(await lastPayload('user')).toMatchObject({
      metadata: { name: 'before-user-created', ip_address: '198.51.100.30' },
      user: {
        aud: 'authenticated',
        email,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { name: 'Door Test' },
        is_anonymous: false,
      },
    });
  });

  it('lets the sign-up through on an empty answer, and runs for invitations too', async () => {
    const email = uniqueEmail('door');
    const { error } = await clientAt('198.51.100.31').auth.signUp({
      email,
      password: strongPassword,
    });
    expect(error).toBeNull();

    const invited = uniqueEmail('invited');
    await answer('user', { error: { http_code: 422, message: 'No invitations today.' } });
    const admin = createClient(hooked.url, LOCAL_SERVICE_ROLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const invitation = await admin.auth.admin.inviteUserByEmail(invited);
    expect(invitation.error?.status).toBe(422);
    expect(invitation.error?.message).toBe('No invitations today.');
  });
});

describe('hook configuration', () => {
  it('refuses a hook it does not run, an HTTP hook and a malformed URI at start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hooks-config-'));
    try {
      await cp(fixtureSupabaseDir, dir, { recursive: true });
      const config = join(dir, 'config.toml');
      await appendFile(
        config,
        '\n[auth.hook.custom_access_token]\nenabled = true\nuri = "pg-functions://postgres/public/x"\n',
      );
      expect(() => loadConfig({ supabaseDir: dir })).toThrow(BackendStartError);
      expect(() => loadConfig({ supabaseDir: dir })).toThrow(
        '[auth.hook.custom_access_token] is not supported by the local backend',
      );
      await cp(join(fixtureSupabaseDir, 'config.toml'), config);
      await appendFile(
        config,
        '\n[auth.hook.before_user_created]\nenabled = true\nuri = "https://example.com/hook"\n',
      );
      expect(() => loadConfig({ supabaseDir: dir })).toThrow(
        'uri must be pg-functions://postgres/<schema>/<function>',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('runs a hook as supabase_auth_admin: one Auth may not execute fails with a 500', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hooks-grant-'));
    await cp(projectDir, dir, { recursive: true });
    await cp(join(fixtureSupabaseDir, 'config.toml'), join(dir, 'config.toml'));
    await appendFile(join(dir, 'config.toml'), hookConfig('ungranted_hook'));
    const ungranted = await startTestBackend({ supabaseDir: dir });
    try {
      const response = await fetch(`${ungranted.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('ungranted'), password: strongPassword }),
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({
        code: 'unexpected_failure',
        message: 'Error running hook URI: pg-functions://postgres/public/ungranted_hook',
      });
    } finally {
      await ungranted.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
