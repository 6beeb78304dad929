/**
 * Admin powers need a second factor: an admin signed in with the password only (aal1) reads no admin
 * data, and every admin function of the database and every admin edge function refuses them, until
 * the code from their authenticator app takes the session to aal2.
 */
import { randomBytes } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '@revolve/local-backend/testing';
import {
  database,
  enrolSecondFactor,
  newAdmin,
  newUser,
  seeded,
  seededAdminTotpSecret,
  seededOrganisations,
  serviceClient,
  signedIn,
  signedInAtAal1,
  verifySecondFactor,
} from './project';

const unknownId = '00000000-0000-4000-8000-00000000ffff';

/** Every admin function in public, called with arguments it would accept from an admin. */
const adminCalls: Record<string, Record<string, unknown>> = {
  admin_access_codes: {},
  admin_funnel: { days: 30 },
  admin_lrs_clients: {},
  admin_module_starts: { days: 30 },
  approve_trial: { trial_id: unknownId },
  admin_organisations: {},
  create_access_code: { organisation_id: seededOrganisations.riverside.id },
  create_lrs_client: { name: 'Second Factor Client', scopes: ['all'] },
  delete_active_trial: { trial_id: unknownId },
  expire_trial: { trial_id: unknownId },
  create_organisation: {
    name: 'Second Factor Surgery',
    kind: 'gp_practice',
    seats: 10,
    term_starts_on: '2026-01-01',
    term_ends_on: '2027-01-01',
  },
  grant_admin_role: { user_email: seeded.fresh.email },
  revoke_access_code: { code_id: unknownId },
  revoke_lrs_client: { client_id: unknownId },
  update_lead: { lead_id: unknownId, new_status: 'contacted' },
  update_organisation: {
    organisation_id: seededOrganisations.riverside.id,
    name: 'Riverside Care Trust',
    kind: 'trust',
    seats: 50,
    term_starts_on: '2026-01-01',
    term_ends_on: '2027-01-01',
  },
};

const adminFunctions = [
  'approve-trial',
  'expire-trial',
  'grant-admin-role',
  'send-trial-activated',
];

async function functionFailure(
  client: SupabaseClient,
  name: string,
): Promise<{ status: number; message: string }> {
  const { error } = await client.functions.invoke(name, {
    body: { trial_id: unknownId, user_email: seeded.fresh.email },
  });
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, message: ((await response.json()) as { error: string }).error };
}

let admin: Awaited<ReturnType<typeof newAdmin>>;
let adminAtAal1: SupabaseClient;

beforeAll(async () => {
  admin = await newAdmin('Careful Admin');
  adminAtAal1 = await signedInAtAal1(admin.email);
  // A lead, so that reading none of them means something.
  const { error } = await serviceClient().rpc('submit_lead', {
    client_key: randomBytes(32).toString('hex'),
    email: 'buyer@example.org',
    first_name: 'Bea',
    last_name: 'Buyer',
    subject: 'Training for our practice',
    message: 'Please get in touch.',
  });
  if (error) throw new Error(error.message);
  // An audit row, likewise.
  const created = await admin.client.rpc('create_access_code', {
    organisation_id: seededOrganisations.hillside.id,
  });
  if (created.error) throw new Error(created.error.message);
});

describe('an admin signed in with the password only', () => {
  it('the seeded admin too, whose app has the published secret', async () => {
    const client = await signedInAtAal1(seeded.admin.email);
    const { data } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await client.rpc('admin_funnel', { days: 30 })).error?.message).toBe(
      'Two-factor authentication required',
    );
    await verifySecondFactor(client, seededAdminTotpSecret);
    expect((await client.rpc('admin_funnel', { days: 30 })).error).toBeNull();
  });

  it('is at aal1 and can reach aal2', async () => {
    const { data } = await adminAtAal1.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
  });

  for (const [name, args] of Object.entries(adminCalls)) {
    it(`is refused ${name}() until the second factor`, async () => {
      const { error } = await adminAtAal1.rpc(name as 'admin_funnel', args as { days: number });
      expect(error).toMatchObject({ code: '42501', message: 'Two-factor authentication required' });
    });
  }

  for (const table of ['leads', 'admin_audit_log'] as const) {
    it(`reads no ${table} rows, which the admin reads at aal2`, async () => {
      const { data, error } = await adminAtAal1.from(table).select('id');
      expect(error).toBeNull();
      expect(data).toEqual([]);
      const { data: all } = await admin.client.from(table).select('id');
      expect(all?.length).toBeGreaterThan(0);
    });
  }

  for (const name of adminFunctions) {
    it(`gets 403 from ${name}`, async () => {
      expect(await functionFailure(adminAtAal1, name)).toEqual({
        status: 403,
        message: 'Two-factor authentication required',
      });
    });
  }

  it('changes nothing: the account named in the refused grant is still no admin', async () => {
    const { data } = await serviceClient()
      .from('user_roles')
      .select('role')
      .eq('user_id', seeded.fresh.id);
    expect(data).toEqual([]);
  });
});

describe('the same session after the code from the authenticator app', () => {
  it('reads every profile, keeps aal2 through a refresh, and may call admin functions', async () => {
    const client = await signedInAtAal1(admin.email);
    await verifySecondFactor(client, admin.totpSecret);
    const { count } = await serviceClient()
      .from('profiles')
      .select('id', { count: 'exact', head: true });
    expect((await client.from('profiles').select('id')).data).toHaveLength(count ?? -1);

    const { error: refreshError } = await client.auth.refreshSession();
    expect(refreshError).toBeNull();
    const { data: levels } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(levels?.currentLevel).toBe('aal2');
    const { data, error } = await client.rpc('admin_funnel', { days: 30 });
    expect(error).toBeNull();
    expect(data).not.toBeNull();
  });
});

describe('a newly granted admin', () => {
  it('cannot be granted the role before setting up an authenticator app', async () => {
    const granter = await signedIn(seeded.admin.email);
    const { client, email } = await newUser('Appless Admin');
    const refused = await granter.rpc('grant_admin_role', { user_email: email });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(
      `${email} has not set up two-factor sign-in yet, so it cannot be made an admin. Ask them to set up an authenticator app on their account's security page first.`,
    );
    expect((await client.from('user_roles').select('role')).data).toEqual([]);

    // The edge function passes the same words on to the admin.
    const viaFunction = await granter.functions.invoke('grant-admin-role', {
      body: { user_email: email },
    });
    expect(viaFunction.error).toBeInstanceOf(FunctionsHttpError);
    const response = (viaFunction.error as FunctionsHttpError).context as Response;
    expect(((await response.json()) as { error: string }).error).toBe(refused.error?.message);
  });

  it('has admin powers once granted after enrolling an authenticator app', async () => {
    const granter = await signedIn(seeded.admin.email);
    const { client, id, email } = await newUser('New Admin');
    await enrolSecondFactor(client);
    const { error } = await granter.rpc('grant_admin_role', { user_email: email });
    expect(error).toBeNull();
    const own = await client.from('user_roles').select('role').eq('user_id', id);
    expect(own.data).toEqual([{ role: 'admin' }]);
    const { error: afterError } = await client.rpc('admin_access_codes');
    expect(afterError).toBeNull();
  });

  it('a user who is no admin is told so, whatever their assurance level', async () => {
    const { client } = await newUser('Careful User');
    await enrolSecondFactor(client);
    expect((await client.rpc('admin_access_codes')).error?.message).toBe(
      'Admin privileges are required',
    );
    expect(await functionFailure(client, 'approve-trial')).toEqual({
      status: 403,
      message: 'You do not have admin privileges.',
    });
  });
});

/** The audit entries and notifications the system wrote about a user who lost a role. */
async function roleRemovalRecord(userId: string) {
  const { rows: audit } = await database().query<{
    actor_id: string | null;
    action: string;
    details: Record<string, string>;
  }>(
    `select actor_id, action, details from public.admin_audit_log
      where target_user_id = $1 and action in ('revoke_admin', 'demote_manager') order by id`,
    [userId],
  );
  const { rows: notifications } = await database().query<{ title: string; message: string }>(
    'select title, message from public.notifications where user_id = $1 order by created_at',
    [userId],
  );
  return { audit, notifications };
}

async function isAdmin(userId: string): Promise<boolean> {
  const { rows } = await database().query(
    "select 1 from public.user_roles where user_id = $1 and role = 'admin'",
    [userId],
  );
  return rows.length > 0;
}

describe('an admin whose authenticator apps are all removed', () => {
  const removedMessage =
    "Your admin access was removed because your last authenticator app was removed from your account. Set up a new authenticator app on your account's security page, then ask another admin to give you access again.";

  it('loses the role when they remove their only app themselves', async () => {
    const removing = await newAdmin('Unenrolling Admin');
    const { data } = await removing.client.auth.mfa.listFactors();
    const factorId = data?.totp[0]?.id ?? '';
    expect((await removing.client.auth.mfa.unenroll({ factorId })).error).toBeNull();

    expect(await isAdmin(removing.id)).toBe(false);
    expect(await roleRemovalRecord(removing.id)).toEqual({
      audit: [
        {
          actor_id: null,
          action: 'revoke_admin',
          details: { email: removing.email, role: 'admin', reason: 'all second factors removed' },
        },
      ],
      notifications: [{ title: 'Your admin access was removed', message: removedMessage }],
    });

    // A new app alone does not bring the role back: another admin grants it again.
    const again = await signedInAtAal1(removing.email);
    await enrolSecondFactor(again);
    expect((await again.rpc('admin_access_codes')).error?.message).toBe(
      'Admin privileges are required',
    );
    const granter = await signedIn(seeded.admin.email);
    expect(
      (await granter.rpc('grant_admin_role', { user_email: removing.email })).error,
    ).toBeNull();
    expect(await isAdmin(removing.id)).toBe(true);
  });

  it("loses the role when an operator deletes their app through Auth's admin API", async () => {
    const lost = await newAdmin('Lost Phone Admin');
    const { data, error } = await serviceClient().auth.admin.mfa.listFactors({ userId: lost.id });
    expect(error).toBeNull();
    const factorId = data?.factors[0]?.id ?? '';
    expect(
      (await serviceClient().auth.admin.mfa.deleteFactor({ id: factorId, userId: lost.id })).error,
    ).toBeNull();

    expect(await isAdmin(lost.id)).toBe(false);
    const record = await roleRemovalRecord(lost.id);
    expect(record.audit).toEqual([
      expect.objectContaining({ actor_id: null, action: 'revoke_admin' }),
    ]);
    expect(record.notifications).toEqual([
      { title: 'Your admin access was removed', message: removedMessage },
    ]);
  });

  it('keeps the role while another app is left', async () => {
    const careful = await newAdmin('Two Phone Admin');
    const spare = await careful.client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Spare phone',
    });
    if (spare.error) throw new Error(spare.error.message);
    await careful.client.auth.mfa.challengeAndVerify({
      factorId: spare.data.id,
      code: totpCode(spare.data.totp.secret),
    });
    expect((await careful.client.auth.mfa.unenroll({ factorId: spare.data.id })).error).toBeNull();

    expect(await isAdmin(careful.id)).toBe(true);
    expect(await roleRemovalRecord(careful.id)).toEqual({ audit: [], notifications: [] });
    expect((await careful.client.rpc('admin_access_codes')).error).toBeNull();
  });
});
