/**
 * Admin powers need a second factor: an admin signed in with the password only (aal1) reads no admin
 * data, and every admin function of the database and every admin edge function refuses them, until
 * the code from their authenticator app takes the session to aal2.
 */
import { randomBytes } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
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
  it('has no admin powers until they enrol an authenticator app', async () => {
    const granter = await signedIn(seeded.admin.email);
    const { client, email } = await newUser('New Admin');
    const { error } = await granter.rpc('grant_admin_role', { user_email: email });
    expect(error).toBeNull();

    // The role is theirs (the app reads it to send them to enrol), the powers are not yet.
    expect((await client.from('user_roles').select('role')).data).toEqual([{ role: 'admin' }]);
    expect((await client.rpc('admin_access_codes')).error?.message).toBe(
      'Two-factor authentication required',
    );
    expect(await functionFailure(client, 'approve-trial')).toEqual({
      status: 403,
      message: 'Two-factor authentication required',
    });

    await enrolSecondFactor(client);
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
