/**
 * Interest registered on /book-demo: the submit-lead function stores it and tells the sales inbox;
 * nobody but admins can read leads; the per-address limit holds under parallel submissions.
 */
import { createHash, createHmac } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '@revolve/local-backend/keys';
import {
  anonClient,
  database,
  mailbox,
  newUser,
  projectUrl,
  seeded,
  serviceClient,
  signedIn,
} from './project';

let admin: SupabaseClient;
const visitor = anonClient();
// The local gateway vouches for every request's socket address (CF-Connecting-IP), as hosted
// Supabase's edge does for the visitor's; all of these tests share it. The key is config.toml's
// local LEAD_ADDRESS_KEY.
const leadAddressKey = 'local-only-lead-address-key-not-for-production';
const localClientKey = createHmac('sha256', leadAddressKey).update('127.0.0.1').digest('hex');

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
    // A line break in a one-line field would reach the sales e-mail's subject line.
    [
      'a line break in the subject',
      { subject: 'Hello\r\nBcc: x@example.org' },
      'subject: must be on one line',
    ],
    ['a line separator in a name', { lastName: 'Vis\u2028itor' }, 'lastName: must be on one line'],
    ['a tab in a name', { firstName: 'Ta\tb' }, 'firstName: contains characters not allowed'],
  ];
  for (const [what, change, message] of refusals) {
    it(`refuses ${what} with 400 and stores nothing`, async () => {
      const lead = leadFrom('Refused', change);
      const result = await visitor.functions.invoke('submit-lead', { body: lead });
      expect(await failure(result)).toEqual({ status: 400, message });
      if (typeof lead.email === 'string') expect(await storedLeads(lead.email)).toEqual([]);
    });
  }

  it('keeps line breaks in the message', async () => {
    const lead = leadFrom('Lines', { message: 'First line.\r\nSecond line.' });
    const { error } = await visitor.functions.invoke('submit-lead', { body: lead });
    expect(error).toBeNull();
    expect(await storedLeads(lead.email)).toEqual([
      { status: 'new', message: 'First line.\r\nSecond line.' },
    ]);
  });

  for (const field of ['firstName', 'lastName', 'email', 'subject', 'message', 'website']) {
    it(`answers a lone surrogate in ${field} with 400, not a server error`, async () => {
      const lead = leadFrom('Surrogate', { [field]: 'Half \ud800 a character' });
      const result = await visitor.functions.invoke('submit-lead', { body: lead });
      expect(await failure(result)).toEqual({
        status: 400,
        message: 'The request body must be well-formed Unicode text.',
      });
    });
  }

  it('keys a visitor by the address the platform vouches for, kept only as an HMAC', async () => {
    for (const forged of ['203.0.113.1', '198.51.100.2, 203.0.113.3']) {
      const lead = leadFrom('Forged');
      const response = await fetch(new URL('/functions/v1/submit-lead', projectUrl), {
        method: 'POST',
        headers: {
          apikey: LOCAL_PUBLISHABLE_KEY,
          'Content-Type': 'application/json',
          'X-Forwarded-For': forged,
          'CF-Connecting-IP': forged.split(',')[0] ?? '',
        },
        body: JSON.stringify(lead),
      });
      expect(response.status).toBe(200);
      const { rows } = await database().query<{ client_key: string }>(
        'select client_key from public.leads where email = $1',
        [lead.email],
      );
      expect(rows).toEqual([{ client_key: localClientKey }]);
    }
    // Not the unsalted hash an attacker could reverse by hashing every address.
    expect(localClientKey).not.toBe(createHash('sha256').update('127.0.0.1').digest('hex'));
  });

  it('takes three an hour for one e-mail address, then answers 429', async () => {
    const email = `repeat-${Date.now().toString(36)}@example.org`;
    const results = [];
    for (let sent = 0; sent < 4; sent += 1) {
      results.push(
        await visitor.functions.invoke('submit-lead', { body: leadFrom('Repeat', { email }) }),
      );
    }
    expect(results.slice(0, 3).map((result) => result.error)).toEqual([null, null, null]);
    expect(await failure(results[3] ?? { error: null })).toEqual({
      status: 429,
      message: 'Too many submissions. Please try again later.',
    });
    expect(await storedLeads(email)).toHaveLength(3);
  });

  it('takes 100 an hour site-wide, then answers 429 and tells every admin once', async () => {
    const filler = 'f'.repeat(64);
    await database().query(
      `insert into public.leads (first_name, last_name, email, subject, message, client_key)
       select 'Flood', 'Bot', 'flood-' || n || '@example.org', 'Spam', 'Spam', $1
       from generate_series(1, 100) n`,
      [filler],
    );
    try {
      for (const name of ['Turned', 'Away']) {
        const refused = await visitor.functions.invoke('submit-lead', { body: leadFrom(name) });
        expect(await failure(refused)).toEqual({
          status: 429,
          message: 'Too many submissions. Please try again later.',
        });
      }
      const { rows } = await database().query<{ title: string; type: string }>(
        `select n.title, n.type from public.notifications n
         join public.user_roles r on r.user_id = n.user_id and r.role = 'admin'
         where r.user_id = $1 and n.title = 'Lead form limit reached'`,
        [seeded.admin.id],
      );
      expect(rows).toEqual([{ title: 'Lead form limit reached', type: 'error' }]);
    } finally {
      await database().query('delete from public.leads where client_key = $1', [filler]);
      await database().query(
        "delete from public.notifications where title = 'Lead form limit reached'",
      );
    }
    const { error } = await visitor.functions.invoke('submit-lead', { body: leadFrom('Later') });
    expect(error).toBeNull();
  });

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
