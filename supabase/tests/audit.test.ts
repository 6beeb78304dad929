/**
 * The admin audit log: each admin action writes its row in the same transaction (a refused action
 * writes none), only admins read it, and nobody (not even the table owner) changes or removes it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  database,
  enrolSecondFactor,
  newOrganisation,
  newUser,
  seeded,
  serviceClient,
  signedIn,
} from './project';

let admin: SupabaseClient;

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
});

interface AuditRow {
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_user_id: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
}

async function auditOf(targetId: string): Promise<AuditRow[]> {
  const { rows } = await database().query<AuditRow>(
    `select actor_id, actor_email, action, target_user_id, target_id, details
     from public.admin_audit_log where target_id = $1 order by id`,
    [targetId],
  );
  return rows;
}

const byAdmin = { actor_id: seeded.admin.id, actor_email: seeded.admin.email };

async function requestingUser(name: string) {
  const user = await newUser(name);
  const { data, error } = await user.client
    .from('pending_trials')
    .insert({ first_name: name, last_name: 'Audited', email: user.email, status: 'pending' })
    .select('id')
    .single();
  if (error || !data) throw new Error(error?.message);
  return { ...user, requestId: data.id as string };
}

async function approvedUser(name: string) {
  const user = await requestingUser(name);
  const { data, error } = await admin.rpc('approve_trial', { trial_id: user.requestId });
  if (error) throw new Error(error.message);
  return { ...user, trialId: (data as { id: string }).id };
}

describe('each admin action writes its row', () => {
  it('approving a trial', async () => {
    const user = await approvedUser('Approved');
    expect(await auditOf(user.requestId)).toEqual([
      {
        ...byAdmin,
        action: 'approve_trial',
        target_user_id: user.id,
        target_id: user.requestId,
        details: { email: user.email },
      },
    ]);
  });

  it('rejecting a trial (a direct update under the admin policy)', async () => {
    const user = await requestingUser('Rejected');
    const { error } = await admin
      .from('pending_trials')
      .update({ status: 'rejected' })
      .eq('id', user.requestId);
    expect(error).toBeNull();
    expect(await auditOf(user.requestId)).toEqual([
      expect.objectContaining({ ...byAdmin, action: 'reject_trial', target_user_id: user.id }),
    ]);
  });

  it('expiring and deleting a trial', async () => {
    const expiring = await approvedUser('Expired');
    const { data: expired, error } = await admin.rpc('expire_trial', {
      trial_id: expiring.trialId,
      can_retrial: true,
    });
    expect(error).toBeNull();
    expect(await auditOf((expired as { id: string }).id)).toEqual([
      {
        ...byAdmin,
        action: 'expire_trial',
        target_user_id: expiring.id,
        target_id: (expired as { id: string }).id,
        details: { email: expiring.email, can_retrial: true },
      },
    ]);

    const deleting = await approvedUser('Deleted');
    expect(
      (await admin.rpc('delete_active_trial', { trial_id: deleting.trialId })).error,
    ).toBeNull();
    expect(await auditOf(deleting.trialId)).toEqual([
      expect.objectContaining({ ...byAdmin, action: 'delete_trial', target_user_id: deleting.id }),
    ]);
  });

  it('granting admin rights', async () => {
    const user = await newUser('Promoted');
    await enrolSecondFactor(user.client);
    const { data, error } = await admin.rpc('grant_admin_role', { user_email: user.email });
    expect(error).toBeNull();
    expect(await auditOf((data as { id: string }).id)).toEqual([
      expect.objectContaining({
        ...byAdmin,
        action: 'grant_admin',
        target_user_id: user.id,
        details: { email: user.email, role: 'admin' },
      }),
    ]);
  });

  it('creating and revoking an access code, without the code itself', async () => {
    const organisationId = await newOrganisation('Audited Practice');
    const { data, error } = await admin
      .rpc('create_access_code', { organisation_id: organisationId })
      .single<{ code: string; access_code: { id: string } }>();
    expect(error).toBeNull();
    const created = { id: data?.access_code.id ?? '', code: data?.code ?? '' };
    expect((await admin.rpc('revoke_access_code', { code_id: created.id })).error).toBeNull();
    const rows = await auditOf(created.id);
    expect(rows.map((row) => [row.action, row.actor_id])).toEqual([
      ['create_access_code', seeded.admin.id],
      ['revoke_access_code', seeded.admin.id],
    ]);
    expect(rows[0]?.details).toMatchObject({ organisation: 'Audited Practice' });
    const organisations = await database().query<{ organisation_id: string }>(
      'select organisation_id from public.admin_audit_log where target_id = $1 order by id',
      [created.id],
    );
    expect(organisations.rows).toEqual([
      { organisation_id: organisationId },
      { organisation_id: organisationId },
    ]);
    expect(JSON.stringify(rows)).not.toContain(created.code);
  });

  it('following up a lead', async () => {
    const { rows } = await database().query<{ id: string }>(
      `insert into public.leads (first_name, last_name, email, subject, message, client_key)
       values ('Lead', 'Audited', 'lead-audited@example.org', 'Demo', 'Hello', repeat('a', 64))
       returning id`,
    );
    const leadId = rows[0]?.id ?? '';
    const { error } = await admin.rpc('update_lead', {
      lead_id: leadId,
      new_status: 'contacted',
      new_note: 'Rang them',
    });
    expect(error).toBeNull();
    expect(await auditOf(leadId)).toEqual([
      expect.objectContaining({
        ...byAdmin,
        action: 'update_lead',
        details: {
          email: 'lead-audited@example.org',
          status: 'contacted',
          previous_status: 'new',
          note: 'Rang them',
        },
      }),
    ]);
  });
});

describe('what is not written', () => {
  it('a refused action leaves no row', async () => {
    const user = await approvedUser('Approved Twice');
    const again = await admin.rpc('approve_trial', { trial_id: user.requestId });
    expect(again.status).toBe(409);
    expect((await auditOf(user.requestId)).map((row) => row.action)).toEqual(['approve_trial']);
  });

  it('the expiry job is the system, not an admin action', async () => {
    const user = await approvedUser('Lapsed');
    await database().query(
      `update public.active_trial_users set granted_at = now() - interval '31 days', expires_at = now() - interval '1 minute' where id = $1`,
      [user.trialId],
    );
    await database().query('select public.expire_lapsed_trials()');
    const { rows } = await database().query<{ count: string }>(
      `select count(*) from public.admin_audit_log where action = 'expire_trial' and target_user_id = $1`,
      [user.id],
    );
    expect(Number(rows[0]?.count)).toBe(0);
  });
});

describe('who reaches the log', () => {
  it('admins read it; users read nothing', async () => {
    await approvedUser('Readable');
    const read = await admin.from('admin_audit_log').select('action').limit(1);
    expect(read.error).toBeNull();
    expect(read.data).toHaveLength(1);
    const user = await newUser('Curious');
    const peek = await user.client.from('admin_audit_log').select('id');
    expect(peek.error).toBeNull();
    expect(peek.data).toEqual([]);
  });

  it('nobody changes or removes a row: not users, not the service role, not the owner', async () => {
    const user = await approvedUser('Immutable');
    const [row] = await auditOf(user.requestId);
    expect(row).toBeDefined();
    const service = serviceClient();
    for (const attempt of [
      await admin
        .from('admin_audit_log')
        .update({ action: 'reject_trial' })
        .eq('target_id', user.requestId),
      await admin.from('admin_audit_log').delete().eq('target_id', user.requestId),
      await service
        .from('admin_audit_log')
        .update({ action: 'reject_trial' })
        .eq('target_id', user.requestId),
      await service.from('admin_audit_log').delete().eq('target_id', user.requestId),
      await service.from('admin_audit_log').insert({ action: 'grant_admin' }),
    ]) {
      expect(attempt.error?.code).toBe('42501');
    }
    for (const sql of [
      `update public.admin_audit_log set action = 'reject_trial' where target_id = $1`,
      `delete from public.admin_audit_log where target_id = $1`,
    ]) {
      await expect(database().query(sql, [user.requestId])).rejects.toThrow(
        'The admin audit log cannot be changed',
      );
    }
    await expect(database().query('truncate public.admin_audit_log')).rejects.toThrow(
      'The admin audit log cannot be changed',
    );
    expect(await auditOf(user.requestId)).toEqual([row]);
  });
});
