/**
 * CPD certificates (docs/certificates.md): issued when a learner's module is first completed, with
 * the minutes their progress counted; the public check by code and what it never reveals; the
 * reflection; revocation by admins at aal2; the per-client limit on checks; who reads what;
 * sending a certificate to a portfolio.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PUBLISHABLE_KEY } from '@revolve/local-backend/keys';
import { readPdf } from '../../e2e/support/pdf';
import {
  cmi5Category,
  playedSegments,
  send,
  sessionIdExtension,
  startSession,
  statement,
  verbs,
  type Session,
} from './cmi5Learner';
import {
  anonClient,
  awayFromMinuteEnd,
  database,
  mailbox,
  newAdmin,
  newUser,
  projectUrl,
  runCronJob,
  seeded,
  signedIn,
  signedInAtAal1,
} from './project';

const codePattern = /^[2-9A-HJ-NP-Z]{12}$/;

interface Certificate {
  id: string;
  code: string;
  user_id: string;
  module: string;
  registration: string;
  completed_at: string;
  verified_minutes: number;
  revoked_at: string | null;
  revoked_reason: string | null;
  reflection_learned: string | null;
  reflected_at: string | null;
}

/** Watches `seconds` of Rural Minds (1,500 s long) and completes it, as the player reports it. */
async function complete(session: Session, seconds: number): Promise<void> {
  await send(
    session,
    statement(session, verbs.initialized),
    statement(session, verbs.progressed, { extensions: { [playedSegments]: `0[.]${seconds}` } }),
    {
      ...statement(session, verbs.completed, { completion: true, duration: 'PT25M' }),
      context: {
        registration: session.registration,
        contextActivities: { category: [{ id: cmi5Category }] },
        extensions: { [sessionIdExtension]: session.sessionId },
      },
    },
  );
}

async function certificatesOf(client: SupabaseClient): Promise<Certificate[]> {
  const { data, error } = await client
    .from('certificates')
    .select(
      'id, code, user_id, module, registration, completed_at, verified_minutes, revoked_at, revoked_reason, reflection_learned, reflected_at',
    )
    .order('issued_at');
  expect(error).toBeNull();
  return data as Certificate[];
}

/** A learner who completed Rural Minds after watching `seconds` of it, with their certificate. */
async function certifiedLearner(name: string, seconds = 1400) {
  const learner = await newUser(name);
  const session = await startSession(learner.client);
  await complete(session, seconds);
  const [certificate] = await certificatesOf(learner.client);
  if (!certificate) throw new Error('No certificate was issued');
  return { ...learner, session, certificate };
}

/** The public check as a browser makes it, from the client address `client`. */
function verify(code: unknown, client: string = randomUUID()): Promise<Response> {
  return fetch(`${projectUrl}/rest/v1/rpc/verify_certificate`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_PUBLISHABLE_KEY,
      'Content-Type': 'application/json',
      'X-Forwarded-For': client,
    },
    body: JSON.stringify({ code }),
  });
}

async function verified(code: unknown) {
  const response = await verify(code);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

const emailJob = 'send-certificate-emails';
const runEmailJob = () => runCronJob(emailJob);

async function emailDelivery(certificateId: string) {
  const { rows } = await database().query<{
    attempts: number;
    delivered: boolean;
    cancelled: boolean;
  }>(
    `select attempts, delivered_at is not null as delivered, cancelled_at is not null as cancelled
     from public.email_deliveries where kind = 'certificate_issued' and subject_id = $1`,
    [certificateId],
  );
  return rows;
}

let admin: SupabaseClient;

beforeAll(async () => {
  admin = await signedIn(seeded.admin.email);
  // The job's runs in this file are the tests' own.
  await database().query('update cron.job set active = false where jobname = $1', [emailJob]);
  return async () => {
    await database().query('update cron.job set active = true where jobname = $1', [emailJob]);
  };
});

describe('issuing', () => {
  it('issues one certificate when a module is first completed, with the minutes its progress counted', async () => {
    const learner = await certifiedLearner('Certified Learner', 1400);
    const { data: progress } = await learner.client
      .from('learning_progress')
      .select('registration, completed_at, seconds_watched');
    expect(progress).toHaveLength(1);
    expect(learner.certificate).toMatchObject({
      user_id: learner.id,
      module: 'rural-minds',
      registration: learner.session.registration,
      completed_at: progress?.[0]?.completed_at,
      // 1,400 s watched: 23 whole minutes.
      verified_minutes: 23,
      revoked_at: null,
      reflection_learned: null,
    });
    expect(learner.certificate.code).toMatch(codePattern);

    // Watching on raises the minutes, up to the module's length; another completed issues nothing.
    await send(
      learner.session,
      statement(learner.session, verbs.progressed, {
        extensions: { [playedSegments]: '0[.]1500' },
      }),
      statement(learner.session, verbs.completed, { completion: true }),
    );
    expect(await certificatesOf(learner.client)).toEqual([
      { ...learner.certificate, verified_minutes: 25 },
    ]);

    const { data: notifications } = await learner.client
      .from('notifications')
      .select('title, message, type');
    expect(notifications).toContainEqual({
      title: 'Certificate ready',
      message:
        'Your CPD certificate for Rural Minds is ready. Add a reflection to count it towards your CPD credits.',
      type: 'success',
    });
  });

  it("caps the minutes at the module's length", async () => {
    const learner = await certifiedLearner('Long Watcher', 99_999);
    // Rural Minds is 1,500 s long.
    expect(learner.certificate.verified_minutes).toBe(25);
  });

  it('issues nothing before completion', async () => {
    const learner = await newUser('Unfinished Learner');
    const session = await startSession(learner.client);
    await send(
      session,
      statement(session, verbs.initialized),
      statement(session, verbs.progressed, { extensions: { [playedSegments]: '0[.]600' } }),
    );
    expect(await certificatesOf(learner.client)).toEqual([]);
  });

  it('issues a new certificate for a completion after a revocation, and keeps the revoked one', async () => {
    const learner = await certifiedLearner('Retaking Learner');
    const revoked = await admin.rpc('revoke_certificate', {
      certificate_id: learner.certificate.id,
      reason: 'Issued in error',
    });
    expect(revoked.error).toBeNull();
    // The module taken again: its registration reset and completed once more (an operator's reset
    // until the portal offers a retake).
    await database().query(
      'update public.learning_progress set completed_at = null where registration = $1',
      [learner.session.registration],
    );
    await database().query(
      'update public.learning_progress set completed_at = now() where registration = $1',
      [learner.session.registration],
    );
    const [first, second] = await certificatesOf(learner.client);
    expect(first).toMatchObject({ id: learner.certificate.id, revoked_reason: 'Issued in error' });
    expect(second).toMatchObject({ module: 'rural-minds', revoked_at: null, verified_minutes: 23 });
    expect(second?.code).not.toBe(first?.code);
  });
});

describe('the e-mail', () => {
  const subject = 'Your Revolve CPD certificate: Rural Minds';

  it('tells the holder once, through the job: where to find the certificate and where to check it', async () => {
    const learner = await certifiedLearner('Mailed Holder');
    expect(await emailDelivery(learner.certificate.id)).toEqual([
      { attempts: 0, delivered: false, cancelled: false },
    ]);
    expect(await runEmailJob()).toBeNull();
    const [mail] = await mailbox.to(learner.email, subject);
    expect(mail).toBeDefined();
    const { text } = await mailbox.read(mail?.id ?? '');
    expect(text).toContain('Hello Mailed Holder,');
    expect(text).toContain('with 23 minutes of verified learning');
    expect(text).toContain('http://localhost:5173/certificates');
    expect(text).toContain(`http://localhost:5173/verify/${learner.certificate.code}`);
    expect(await emailDelivery(learner.certificate.id)).toEqual([
      { attempts: 1, delivered: true, cancelled: false },
    ]);

    expect(await runEmailJob()).toBeNull();
    expect(await mailbox.to(learner.email, subject)).toHaveLength(1);
  });

  it('is not sent for a certificate revoked before it went', async () => {
    const learner = await certifiedLearner('Unmailed Holder');
    await admin.rpc('revoke_certificate', {
      certificate_id: learner.certificate.id,
      reason: 'Issued in error',
    });
    expect(await runEmailJob()).toBeNull();
    expect(await emailDelivery(learner.certificate.id)).toEqual([
      { attempts: 0, delivered: false, cancelled: true },
    ]);
    expect(await mailbox.to(learner.email, subject)).toEqual([]);
  });

  it('send-certificate-email answers only the project (401 to a visitor or a learner)', async () => {
    const learner = await certifiedLearner('Self Mailer');
    const { rows } = await database().query<{ id: string }>(
      `select id from public.email_deliveries where kind = 'certificate_issued' and subject_id = $1`,
      [learner.certificate.id],
    );
    const body = JSON.stringify({ delivery_id: rows[0]?.id, attempt: 1 });
    const token = (await learner.client.auth.getSession()).data.session?.access_token ?? '';
    const callers: Record<string, string>[] = [
      { apikey: LOCAL_PUBLISHABLE_KEY },
      { apikey: LOCAL_PUBLISHABLE_KEY, Authorization: `Bearer ${token}` },
    ];
    for (const headers of callers) {
      const response = await fetch(`${projectUrl}/functions/v1/send-certificate-email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      });
      expect(response.status).toBe(401);
    }
    expect(await emailDelivery(learner.certificate.id)).toEqual([
      { attempts: 0, delivered: false, cancelled: false },
    ]);
  });

  it('runs every minute, and its run fails while a certificate e-mail has failed', async () => {
    const { rows } = await database().query<{ schedule: string; command: string }>(
      'select schedule, command from cron.job where jobname = $1',
      [emailJob],
    );
    expect(rows[0]?.schedule).toBe('* * * * *');
    expect(rows[0]?.command).toMatch(
      /^do \$\$\s+begin\s+perform public\.send_certificate_emails\(\);\s+commit;\s+perform private\.assert_email_delivered\('certificate_issued'\);\s+perform private\.assert_email_delivered\('certificate_portfolio'\);\s+end\s+\$\$\s*$/,
    );
    const learner = await certifiedLearner('Failing Holder');
    // The provider refused it (as record_email_delivery records a refusal).
    await database().query(
      `update public.email_deliveries set attempts = 1, last_attempt_at = now(),
         last_error = 'The mail provider refused the message'
       where kind = 'certificate_issued' and subject_id = $1`,
      [learner.certificate.id],
    );
    await database().query(
      `update public.email_deliveries set delivered_at = now()
       where kind = 'certificate_issued' and subject_id <> $1 and delivered_at is null`,
      [learner.certificate.id],
    );
    const failure = await runEmailJob();
    expect(failure).toContain('certificate_issued e-mail(s) not delivered yet');
    // That run tried it again, and delivered it.
    expect(await emailDelivery(learner.certificate.id)).toEqual([
      { attempts: 2, delivered: true, cancelled: false },
    ]);
    expect(await runEmailJob()).toBeNull();
  });
});

describe('the public check', () => {
  it('answers the holder, module, date, minutes and status, and nothing else', async () => {
    const learner = await certifiedLearner('Verified Holder');
    const answer = await verified(learner.certificate.code);
    expect(answer).toEqual({
      status: 'valid',
      holder_name: 'Verified Holder',
      module: 'rural-minds',
      module_title: 'Rural Minds',
      completed_at: learner.certificate.completed_at,
      verified_minutes: 23,
      revoked_at: null,
    });
    expect(JSON.stringify(answer)).not.toContain(learner.email);
    expect(JSON.stringify(answer)).not.toContain(learner.id);

    // As people type it: in any case, with hyphens or spaces.
    const code = learner.certificate.code;
    const typed = `${code.slice(0, 4)}-${code.slice(4, 8)} ${code.slice(8)}`.toLowerCase();
    expect((await verified(typed)).status).toBe('valid');
  });

  it('says not found for a code nobody holds, and for anything that is not a code', async () => {
    const nothing = {
      status: 'not_found',
      holder_name: null,
      module: null,
      module_title: null,
      completed_at: null,
      verified_minutes: null,
      revoked_at: null,
    };
    for (const code of ['ABCD2345EFGH', '', 'O0I1O0I1O0I1', "' or 1=1 --", 'A'.repeat(100_000)]) {
      expect(await verified(code)).toEqual(nothing);
    }
    // JSON that is not a string arrives as its text, which is no code either.
    expect(await verified({ nested: { deeper: [1] } })).toEqual(nothing);
    // A NUL byte, which Postgres text cannot hold: refused, not a 500.
    const response = await verify('ABCD\u00002345EFGH');
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('allows 60 checks a minute per client: the 61st is refused, other clients go on', async () => {
    const client = `203.0.113.${Math.floor(Math.random() * 250) + 1}, 10.0.0.1`;
    // The checks count per calendar minute: the burst must not cross into the next one.
    await awayFromMinuteEnd();
    const answers = await Promise.all(
      Array.from({ length: 70 }, () => verify('ABCD2345EFGH', client)),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const refused = answers.find((response) => response.status === 429);
    expect(await refused?.json()).toMatchObject({
      code: 'PT429',
      message: 'Too many checks. Please wait a minute and try again.',
    });
    expect((await verify('ABCD2345EFGH')).status).toBe(200);
  });
});

describe('revocation', () => {
  it('an admin at aal2 revokes with a reason: the check says revoked, and the audit log records it', async () => {
    const learner = await certifiedLearner('Revoked Holder');
    const { data, error } = await admin.rpc('revoke_certificate', {
      certificate_id: learner.certificate.id,
      reason: '  Account shared with a colleague  ',
    });
    expect(error).toBeNull();
    expect(data?.[0]).toMatchObject({ revoked_reason: 'Account shared with a colleague' });

    const answer = await verified(learner.certificate.code);
    expect(answer).toMatchObject({ status: 'revoked', holder_name: 'Revoked Holder' });
    expect(answer.revoked_at).toEqual(data?.[0]?.revoked_at);

    const [mine] = await certificatesOf(learner.client);
    expect(mine?.revoked_reason).toBe('Account shared with a colleague');

    const { rows } = await database().query<{ action: string; details: Record<string, string> }>(
      'select action, details from public.admin_audit_log where target_id = $1',
      [learner.certificate.id],
    );
    expect(rows).toEqual([
      {
        action: 'revoke_certificate',
        details: {
          code: learner.certificate.code,
          module: 'rural-minds',
          reason: 'Account shared with a colleague',
        },
      },
    ]);

    const again = await admin.rpc('revoke_certificate', {
      certificate_id: learner.certificate.id,
      reason: 'Twice',
    });
    expect(again.error?.message).toBe('This certificate has already been revoked');
  });

  it('refuses learners, admins at aal1, an empty reason and an unknown certificate', async () => {
    const learner = await certifiedLearner('Self Revoker');
    const own = await learner.client.rpc('revoke_certificate', {
      certificate_id: learner.certificate.id,
      reason: 'I want to',
    });
    expect(own.error?.code).toBe('42501');

    const secondAdmin = await newAdmin('Aal1 Admin');
    const atAal1 = await signedInAtAal1(secondAdmin.email);
    const unverified = await atAal1.rpc('revoke_certificate', {
      certificate_id: learner.certificate.id,
      reason: 'No code entered',
    });
    expect(unverified.error?.message).toBe('Two-factor authentication required');

    const blank = await admin.rpc('revoke_certificate', {
      certificate_id: learner.certificate.id,
      reason: '   ',
    });
    expect(blank.error?.message).toBe('Give a reason of up to 500 characters');
    const long = await admin.rpc('revoke_certificate', {
      certificate_id: learner.certificate.id,
      reason: 'x'.repeat(501),
    });
    expect(long.error?.message).toBe('Give a reason of up to 500 characters');
    const unknown = await admin.rpc('revoke_certificate', {
      certificate_id: randomUUID(),
      reason: 'Gone',
    });
    expect(unknown.error?.message).toBe('Certificate not found');

    expect((await verified(learner.certificate.code)).status).toBe('valid');
  });
});

describe('the reflection', () => {
  const note = {
    learned: 'How isolation shows in farming families.',
    application: 'I will ask about workload and support at every review.',
    next_steps: 'Read the practice guidance on rural mental health.',
  };

  it('the learner writes all three parts or none, each up to 2,000 characters', async () => {
    const learner = await certifiedLearner('Reflective Learner');
    const saved = await learner.client.rpc('save_certificate_reflection', {
      certificate_id: learner.certificate.id,
      learned: `  ${note.learned}  `,
      application: note.application,
      next_steps: note.next_steps,
    });
    expect(saved.error).toBeNull();
    expect(saved.data?.[0]).toMatchObject({
      reflection_learned: note.learned,
      reflection_application: note.application,
      reflection_next_steps: note.next_steps,
    });
    expect(saved.data?.[0]?.reflected_at).not.toBeNull();

    const partial = await learner.client.rpc('save_certificate_reflection', {
      certificate_id: learner.certificate.id,
      learned: note.learned,
      application: ' ',
      next_steps: note.next_steps,
    });
    expect(partial.error?.message).toBe('Fill in all three parts of the reflection, or none');
    const long = await learner.client.rpc('save_certificate_reflection', {
      certificate_id: learner.certificate.id,
      ...note,
      learned: 'x'.repeat(2001),
    });
    expect(long.error?.message).toBe('Each part of the reflection can be at most 2,000 characters');
    const [kept] = await certificatesOf(learner.client);
    expect(kept?.reflection_learned).toBe(note.learned);

    const cleared = await learner.client.rpc('save_certificate_reflection', {
      certificate_id: learner.certificate.id,
      learned: '',
      application: '',
      next_steps: '',
    });
    expect(cleared.error).toBeNull();
    expect(cleared.data?.[0]).toMatchObject({ reflection_learned: null, reflected_at: null });
  });

  it("is refused on someone else's certificate and on a revoked one", async () => {
    const holder = await certifiedLearner('Holder With Note');
    const other = await newUser('Note Thief');
    const theirs = await other.client.rpc('save_certificate_reflection', {
      certificate_id: holder.certificate.id,
      ...note,
    });
    expect(theirs.error?.message).toBe('Certificate not found');
    const anonymous = await anonClient().rpc('save_certificate_reflection', {
      certificate_id: holder.certificate.id,
      ...note,
    });
    expect(anonymous.error?.code).toBe('42501');

    await admin.rpc('revoke_certificate', {
      certificate_id: holder.certificate.id,
      reason: 'Test',
    });
    const onRevoked = await holder.client.rpc('save_certificate_reflection', {
      certificate_id: holder.certificate.id,
      ...note,
    });
    expect(onRevoked.error?.message).toBe('This certificate has been revoked');
    expect((await certificatesOf(holder.client))[0]?.reflection_learned).toBeNull();
  });
});

describe('who reads and writes certificates', () => {
  it('learners read only their own, never who revoked them; admins at aal2 read all; anon nothing', async () => {
    const first = await certifiedLearner('First Reader');
    const second = await certifiedLearner('Second Reader');
    expect((await certificatesOf(first.client)).map((row) => row.id)).toEqual([
      first.certificate.id,
    ]);
    const other = await first.client
      .from('certificates')
      .select('id')
      .eq('id', second.certificate.id);
    expect(other.data).toEqual([]);
    const revoker = await first.client.from('certificates').select('revoked_by');
    expect(revoker.error?.code).toBe('42501');

    const all = await admin
      .from('certificates')
      .select('user_id')
      .in('id', [first.certificate.id, second.certificate.id]);
    expect(all.data?.map((row) => row.user_id).sort()).toEqual([first.id, second.id].sort());

    const secondAdmin = await newAdmin('Reading Admin');
    const atAal1 = await signedInAtAal1(secondAdmin.email);
    const unverified = await atAal1
      .from('certificates')
      .select('id')
      .eq('id', first.certificate.id);
    expect(unverified.data).toEqual([]);

    const anonymous = await anonClient().from('certificates').select('id');
    expect(anonymous.error?.code).toBe('42501');
  });

  it('nobody writes them directly: not the holder, not an admin', async () => {
    const learner = await certifiedLearner('Forger');
    for (const client of [learner.client, admin]) {
      const updated = await client
        .from('certificates')
        .update({ verified_minutes: 600 })
        .eq('id', learner.certificate.id);
      expect(updated.error?.code).toBe('42501');
      const inserted = await client.from('certificates').insert({
        code: 'ABCD2345EFGH',
        user_id: learner.id,
        module: 'dementia',
        registration: learner.session.registration,
        completed_at: new Date().toISOString(),
        verified_minutes: 600,
      });
      expect(inserted.error?.code).toBe('42501');
      const deleted = await client.from('certificates').delete().eq('id', learner.certificate.id);
      expect(deleted.error?.code).toBe('42501');
    }
    expect((await certificatesOf(learner.client))[0]?.verified_minutes).toBe(23);
  });
});

describe('the admin list', () => {
  it('admins at aal2 list and search every certificate with its learner; learners see their own, aal1 admins none', async () => {
    const learner = await certifiedLearner('Listed Holder');
    const listed = await admin
      .from('admin_certificates')
      .select('id, code, profile_name, profile_email')
      .eq('id', learner.certificate.id);
    expect(listed.data).toEqual([
      {
        id: learner.certificate.id,
        code: learner.certificate.code,
        profile_name: 'Listed Holder',
        profile_email: learner.email,
      },
    ]);
    const found = await admin
      .rpc('admin_search_certificates', { pattern: `%${learner.email.split('@')[0]}%` })
      .select('id, profile_email');
    expect(found.data).toEqual([{ id: learner.certificate.id, profile_email: learner.email }]);

    const own = await learner.client.from('admin_certificates').select('id');
    expect(own.data).toEqual([{ id: learner.certificate.id }]);
    const searched = await learner.client.rpc('admin_search_certificates', { pattern: '%' });
    expect(searched.error?.code).toBe('42501');
    const atAal1 = await signedInAtAal1((await newAdmin('Listing Aal1 Admin')).email);
    const unverified = await atAal1.rpc('admin_search_certificates', { pattern: '%' });
    expect(unverified.error?.message).toBe('Two-factor authentication required');
    const anon = await anonClient().from('admin_certificates').select('id');
    expect(anon.error?.code).toBe('42501');
  });
});

describe('sending to a portfolio', () => {
  const note = {
    learned: 'How isolation shows in farming families.',
    application: 'I will ask about workload and support at every review.',
    next_steps: 'Read the practice guidance on rural mental health.',
  };
  const subjectOf = (code: string) =>
    `Learning note: Rural Minds (Revolve CPD certificate ${code.match(/.{4}/g)?.join('-')})`;

  async function sendsOf(client: SupabaseClient) {
    const { data, error } = await client.rpc('my_portfolio_sends');
    expect(error).toBeNull();
    return data ?? [];
  }

  /** Cancels the learner's unsent e-mails: a test's extra sends are not the next test's work. */
  async function cancelUnsent(userId: string) {
    await database().query(
      `update public.email_deliveries set cancelled_at = now()
       where kind = 'certificate_portfolio' and user_id = $1 and delivered_at is null`,
      [userId],
    );
  }

  it('mails the learning note with the PDF attached to the address the learner gives, once', async () => {
    const learner = await certifiedLearner('Portfolio Holder');
    await learner.client.rpc('save_certificate_reflection', {
      certificate_id: learner.certificate.id,
      ...note,
    });
    const inbox = `portfolio-${randomUUID()}@fourteenfish.example`;
    const sent = await learner.client
      .rpc('send_certificate_to_portfolio', {
        certificate_id: learner.certificate.id,
        recipient: `  ${inbox} `,
      })
      .single();
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({ certificate_id: learner.certificate.id, recipient: inbox });
    expect(await sendsOf(learner.client)).toEqual([
      expect.objectContaining({ recipient: inbox, status: 'sending' }),
    ]);

    expect(await runEmailJob()).toBeNull();
    const subject = subjectOf(learner.certificate.code);
    const [mail] = await mailbox.to(inbox, subject);
    expect(mail, subject).toBeDefined();
    const message = await mailbox.read(mail?.id ?? '');
    expect(message.text).toContain('A learning note from Revolve for Portfolio Holder.');
    expect(message.text).toContain('Verified learning time: 23 minutes');
    expect(message.text).toContain('CPD time: 15 minutes');
    expect(message.text).toContain('CPD credits: 0.25 CPD credits');
    expect(message.text).toContain(`What I learned:\n${note.learned}`);
    expect(message.text).toContain(`How I will apply it:\n${note.application}`);
    expect(message.text).toContain(`What I will do next:\n${note.next_steps}`);
    expect(message.text).toContain(`http://localhost:5173/verify/${learner.certificate.code}`);
    expect(message.html).toContain('<h3>What I learned</h3>');

    const code = learner.certificate.code.match(/.{4}/g)?.join('-') ?? '';
    expect(
      message.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
    ).toEqual([{ filename: `revolve-certificate-${code}.pdf`, contentType: 'application/pdf' }]);
    const pdf = await readPdf(new Uint8Array(message.attachments[0]?.content ?? []));
    expect(pdf.text).toContain('Portfolio Holder');
    expect(pdf.text).toContain('Rural Minds');
    expect(pdf.text).toContain('Verified learning time: 23 minutes');
    expect(pdf.text).toContain(note.learned);
    // The module's learning outcomes, as its page lists them.
    expect(pdf.text).toContain('Recognise how distress may present in farmers');
    expect(pdf.text).toContain(`/verify/${learner.certificate.code}`);

    expect(await sendsOf(learner.client)).toEqual([
      expect.objectContaining({ recipient: inbox, status: 'sent' }),
    ]);
    expect(await runEmailJob()).toBeNull();
    expect(await mailbox.to(inbox, subject)).toHaveLength(1);
  });

  it('refuses an address that is not one: with spaces, control characters or NUL, or too long', async () => {
    const learner = await certifiedLearner('Careless Sender');
    for (const recipient of [
      '',
      'not-an-address',
      'two@@example.com',
      'a b@example.com',
      'line\n@example.com',
      'tab\t@example.com',
      `${'a'.repeat(250)}@example.com`,
      'nobody@localhost',
    ]) {
      const { error } = await learner.client.rpc('send_certificate_to_portfolio', {
        certificate_id: learner.certificate.id,
        recipient,
      });
      expect(error?.message, JSON.stringify(recipient)).toBe('Enter a valid email address');
    }
    // Postgres takes no NUL in text: the request is refused before the function runs.
    const nul = await learner.client.rpc('send_certificate_to_portfolio', {
      certificate_id: learner.certificate.id,
      recipient: 'nul\u0000@example.com',
    });
    expect(nul.error?.code).toBe('22P05');
    expect(await sendsOf(learner.client)).toEqual([]);
  });

  it("refuses someone else's certificate, a revoked one, and a visitor", async () => {
    const holder = await certifiedLearner('Sent Holder');
    const other = await newUser('Other Sender');
    const foreign = await other.client.rpc('send_certificate_to_portfolio', {
      certificate_id: holder.certificate.id,
      recipient: 'me@example.com',
    });
    expect(foreign.error?.code).toBe('PT404');
    const anon = await anonClient().rpc('send_certificate_to_portfolio', {
      certificate_id: holder.certificate.id,
      recipient: 'me@example.com',
    });
    expect(anon.error?.code).toBe('42501');
    await admin.rpc('revoke_certificate', {
      certificate_id: holder.certificate.id,
      reason: 'Issued in error',
    });
    const revoked = await holder.client.rpc('send_certificate_to_portfolio', {
      certificate_id: holder.certificate.id,
      recipient: 'me@example.com',
    });
    expect(revoked.error?.message).toBe('This certificate has been revoked');
    expect(await sendsOf(holder.client)).toEqual([]);
    expect(await sendsOf(other.client)).toEqual([]);
  });

  it('allows five sends an hour per learner, however many are asked for at once', async () => {
    const learner = await certifiedLearner('Eager Sender');
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        learner.client.rpc('send_certificate_to_portfolio', {
          certificate_id: learner.certificate.id,
          recipient: `inbox-${index}@example.com`,
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.error === null)).toHaveLength(5);
    for (const refused of attempts.filter((attempt) => attempt.error !== null)) {
      expect(refused.error?.code).toBe('PT429');
      expect(refused.error?.message).toBe(
        'You can send 5 certificates an hour. Please try again later.',
      );
    }
    expect(await sendsOf(learner.client)).toHaveLength(5);
    await cancelUnsent(learner.id);
  });

  it('shows a send as failed when its certificate is revoked before it went, and mails nothing', async () => {
    const learner = await certifiedLearner('Revoked Sender');
    const inbox = `revoked-${randomUUID()}@example.com`;
    const sent = await learner.client.rpc('send_certificate_to_portfolio', {
      certificate_id: learner.certificate.id,
      recipient: inbox,
    });
    expect(sent.error).toBeNull();
    await admin.rpc('revoke_certificate', {
      certificate_id: learner.certificate.id,
      reason: 'Issued in error',
    });
    expect(await runEmailJob()).toBeNull();
    expect(await sendsOf(learner.client)).toEqual([
      expect.objectContaining({ recipient: inbox, status: 'failed' }),
    ]);
    expect(await mailbox.to(inbox)).toEqual([]);
  });

  it("nobody reads or writes the sends table directly, and no one sees another learner's sends", async () => {
    const learner = await certifiedLearner('Private Sender');
    const sent = await learner.client.rpc('send_certificate_to_portfolio', {
      certificate_id: learner.certificate.id,
      recipient: 'private@example.com',
    });
    expect(sent.error).toBeNull();
    for (const client of [learner.client, admin, anonClient()]) {
      const read = await client.from('certificate_portfolio_sends').select('id');
      expect(read.error?.code).toBe('42501');
      const inserted = await client.from('certificate_portfolio_sends').insert({
        certificate_id: learner.certificate.id,
        user_id: learner.id,
        recipient: 'forged@example.com',
      });
      expect(inserted.error?.code).toBe('42501');
    }
    expect(await sendsOf(admin)).toEqual([]);
    await cancelUnsent(learner.id);
  });

  it('send-certificate-to-portfolio answers only the project (401 to a visitor or a learner)', async () => {
    const learner = await certifiedLearner('Self Sender');
    await learner.client.rpc('send_certificate_to_portfolio', {
      certificate_id: learner.certificate.id,
      recipient: 'self@example.com',
    });
    const { rows } = await database().query<{ id: string }>(
      `select id from public.email_deliveries where kind = 'certificate_portfolio' and user_id = $1`,
      [learner.id],
    );
    const body = JSON.stringify({ delivery_id: rows[0]?.id, attempt: 1 });
    const token = (await learner.client.auth.getSession()).data.session?.access_token ?? '';
    const callers: Record<string, string>[] = [
      { apikey: LOCAL_PUBLISHABLE_KEY },
      { apikey: LOCAL_PUBLISHABLE_KEY, Authorization: `Bearer ${token}` },
    ];
    for (const headers of callers) {
      const response = await fetch(`${projectUrl}/functions/v1/send-certificate-to-portfolio`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      });
      expect(response.status).toBe(401);
    }
    expect(await sendsOf(learner.client)).toEqual([expect.objectContaining({ status: 'sending' })]);
    await cancelUnsent(learner.id);
  });
});
