/**
 * Interest registered on /book-demo: the submit-lead function stores it and tells the sales inbox;
 * nobody but admins can read leads; the per-address limit holds under parallel submissions.
 */
import { createHash } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anonClient, database, mailbox, newUser, seeded, serviceClient, signedIn } from './project';

let admin: SupabaseClient;
const visitor = anonClient();
// The local gateway forwards every request's socket address; all of these tests share it.
const localClientKey = createHash('sha256').update('127.0.0.1').digest('hex');

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
});

beforeEach(async () => {
  await database().query('delete from public.leads where client_key = $1', [localClientKey]);
});

function leadFrom(name: string, extra: Record<string, unknown> = {}) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    firstName: name,
    lastName: 'Visitor',
    email: `${name.toLowerCase()}-${tag}@example.org`,
    subject: 'Registering interest in Revolve 360 Training',
    message: 'Please keep me updated about the dementia module.',
    ...extra,
  };
}

async function failure(result: { error: unknown }): Promise<{ status: number; message: string }> {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  const response = (result.error as FunctionsHttpError).context as Response;
  return { status: response.status, message: ((await response.json()) as { error: string }).error };
}

async function storedLeads(email: string) {
  const { rows } = await database().query<{ status: string; message: string }>(
    'select status, message from public.leads where email = $1',
    [email],
  );
  return rows;
}

describe('submit-lead', () => {
  it('stores the lead and e-mails the sales inbox', async () => {
    const lead = leadFrom('Stored', { message: `Dementia, please. ${Math.random()}` });
    const { data, error } = await visitor.functions.invoke('submit-lead', { body: lead });
    expect(error).toBeNull();
    expect(data).toEqual({ received: true });
    expect(await storedLeads(lead.email)).toEqual([{ status: 'new', message: lead.message }]);
    const { text } = await mailbox.waitFor('sales@example.com', {
      subject: `New interest: ${lead.subject}`,
    });
    expect(text).toContain(`Stored Visitor <${lead.email}>`);
    expect(text).toContain(lead.message);
  });

  it('answers a filled honeypot as a person, and stores nothing', async () => {
    const lead = leadFrom('Bot', { website: 'http://spam.example' });
    const { data, error } = await visitor.functions.invoke('submit-lead', { body: lead });
    expect(error).toBeNull();
    expect(data).toEqual({ received: true });
    expect(await storedLeads(lead.email)).toEqual([]);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['a missing first name', { firstName: '   ' }, 'firstName: is required'],
    ['a bad e-mail', { email: 'not-an-address' }, 'email: must be an e-mail address'],
    ['a huge message', { message: 'x'.repeat(5001) }, 'message: must be at most 5000 characters'],
    ['a NUL byte', { lastName: 'Vis\u0000itor' }, 'lastName: contains characters not allowed'],
    ['a nested object', { subject: { deep: { deeper: 'x' } } }, 'subject: is required'],
  ];
  for (const [what, change, message] of refusals) {
    it(`refuses ${what} with 400 and stores nothing`, async () => {
      const lead = leadFrom('Refused', change);
      const result = await visitor.functions.invoke('submit-lead', { body: lead });
      expect(await failure(result)).toEqual({ status: 400, message });
      if (typeof lead.email === 'string') expect(await storedLeads(lead.email)).toEqual([]);
    });
  }

  it('takes five an hour from one address, even in parallel, then answers 429', async () => {
    const leads = Array.from({ length: 8 }, (_, index) => leadFrom(`Burst${index}`));
    const results = await Promise.all(
      leads.map((lead) => visitor.functions.invoke('submit-lead', { body: lead })),
    );
    const accepted = results.filter((result) => result.error === null);
    expect(accepted).toHaveLength(5);
    for (const refused of results.filter((result) => result.error !== null)) {
      expect(await failure(refused)).toEqual({
        status: 429,
        message: 'Too many submissions. Please try again later.',
      });
    }
    const { rows } = await database().query<{ count: string }>(
      'select count(*) from public.leads where client_key = $1',
      [localClientKey],
    );
    expect(Number(rows[0]?.count)).toBe(5);
  });
});

describe('who reaches leads', () => {
  it('visitors and signed-in users read nothing and cannot file or change leads', async () => {
    await visitor.functions.invoke('submit-lead', { body: leadFrom('Hidden') });
    const user = await newUser('Lead Reader');
    for (const client of [visitor, user.client]) {
      const read = await client.from('leads').select('id');
      expect(read.data ?? []).toEqual([]);
      const readView = await client.from('admin_leads').select('id');
      expect(readView.data ?? []).toEqual([]);
      const insert = await client.from('leads').insert({
        first_name: 'X',
        last_name: 'Y',
        email: 'x@example.org',
        subject: 's',
        message: 'm',
        client_key: localClientKey,
      });
      expect(insert.error?.code).toBe('42501');
      const filed = await client.rpc('submit_lead', {
        first_name: 'X',
        last_name: 'Y',
        email: 'x@example.org',
        subject: 's',
        message: 'm',
        client_key: localClientKey,
      });
      expect(filed.error).not.toBeNull();
    }
    const update = await user.client.rpc('update_lead', {
      lead_id: '00000000-0000-4000-8000-000000000000',
      new_status: 'closed',
    });
    expect(update.error).toMatchObject({ code: '42501', message: 'Admin privileges are required' });
  });

  it('admins read leads without the address hash, and follow them up', async () => {
    const lead = leadFrom('Followed');
    await visitor.functions.invoke('submit-lead', { body: lead });
    const { data, error } = await admin
      .from('leads')
      .select('id, email, status, note')
      .eq('email', lead.email)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ email: lead.email, status: 'new', note: '' });
    const hash = await admin.from('leads').select('client_key').limit(1);
    expect(hash.error?.code).toBe('42501');
    const asListed = await admin.from('admin_leads').select('*').eq('email', lead.email).single();
    expect(Object.keys(asListed.data ?? {}).sort()).toEqual(
      [
        'created_at',
        'email',
        'first_name',
        'id',
        'last_name',
        'message',
        'note',
        'status',
        'subject',
        'updated_at',
      ].sort(),
    );

    const followed = await admin
      .rpc('update_lead', {
        lead_id: (data as { id: string }).id,
        new_status: 'contacted',
        new_note: 'Called on Monday',
      })
      .single();
    expect(followed.error).toBeNull();
    expect(followed.data).toMatchObject({ status: 'contacted', note: 'Called on Monday' });
    expect(followed.data).not.toHaveProperty('client_key');

    const bad = await admin.rpc('update_lead', {
      lead_id: (data as { id: string }).id,
      new_status: 'won',
    });
    expect(bad.error).toMatchObject({ message: 'Status must be new, contacted or closed' });
    const missing = await serviceClient().rpc('update_lead', {
      lead_id: '00000000-0000-4000-8000-000000000000',
      new_status: 'closed',
    });
    expect(missing.error).toMatchObject({ message: 'Lead not found' });
  });
});
