import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_MAIL_API_KEY } from '../src/mail/resend';
import { idempotencyLockName } from '../src/mail/store';
import { startTestBackend, type TestBackend } from '../src/testing';
import { uniqueEmail } from './shared';

interface Summary {
  ID: string;
  MessageID: string;
  From: { Name: string; Address: string };
  To: { Name: string; Address: string }[];
  Subject: string;
  Created: string;
  Snippet: string;
  Read: boolean;
}

interface Listing {
  total: number;
  unread: number;
  count: number;
  messages: Summary[];
}

// Its own backend: these tests delete every message and restart, which the shared one must not see.
describe('mailbox', () => {
  let instance: TestBackend;
  const api = (path: string, init?: RequestInit) => fetch(`${instance.mailboxUrl}${path}`, init);
  const post = (path: string, body: unknown, method = 'POST') =>
    api(path, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const list = async (path = '/api/v1/messages') => (await (await api(path)).json()) as Listing;

  beforeAll(async () => {
    instance = await startTestBackend();
  });
  afterAll(async () => {
    await instance.stop();
  });

  it('stores what the mailer sends and lists it newest first', async () => {
    const mailer = instance.mailer;
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const { id: firstId } = await mailer.send({
      to: first,
      subject: 'Confirm your signup',
      text: 'Follow this link: http://127.0.0.1/verify?token=abc',
      html: '<p>Follow <a href="http://127.0.0.1/verify?token=abc">this link</a></p>',
    });
    const { id: secondId } = await mailer.send({
      to: `Second Person <${second}>`,
      from: 'Revolve <team@revolve.test>',
      subject: 'Reset your password',
      text: 'Reset it here',
    });

    const listing = await list();
    expect(listing.messages.map((message) => message.ID).slice(0, 2)).toEqual([secondId, firstId]);
    expect(listing.total).toBeGreaterThanOrEqual(2);
    expect(listing.count).toBe(listing.messages.length);
    expect(listing.unread).toBeGreaterThanOrEqual(2);
    expect(listing.messages[0]).toMatchObject({
      ID: secondId,
      From: { Name: 'Revolve', Address: 'team@revolve.test' },
      To: [{ Name: 'Second Person', Address: second }],
      Subject: 'Reset your password',
      Snippet: 'Reset it here',
      Read: false,
    });
    expect(new Date(listing.messages[0]?.Created ?? '').getTime()).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });

  it('accepts mail on POST /api/v1/send and serves one message in full, marking it read', async () => {
    const to = uniqueEmail('sent');
    const sent = await post('/api/v1/send', {
      to,
      subject: 'From a function',
      text: 'Plain text',
      html: '<b>Bold</b>',
    });
    expect(sent.status).toBe(200);
    const { ID } = (await sent.json()) as { ID: string };

    const response = await api(`/api/v1/message/${ID}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      ID,
      To: [{ Name: '', Address: to }],
      From: { Address: 'noreply@localhost' },
      Subject: 'From a function',
      Text: 'Plain text',
      HTML: '<b>Bold</b>',
      Date: expect.any(String),
    });
    const listing = await list();
    expect(listing.messages.find((message) => message.ID === ID)?.Read).toBe(true);
  });

  it("accepts Mailpit's own send shape too", async () => {
    const to = uniqueEmail('mailpit-shape');
    const sent = await post('/api/v1/send', {
      From: { Email: 'sender@example.com', Name: 'Sender' },
      To: [{ Email: to, Name: 'Receiver' }],
      Subject: 'Mailpit shape',
      Text: 'Hello',
    });
    const { ID } = (await sent.json()) as { ID: string };
    const message = await (await api(`/api/v1/message/${ID}`)).json();
    expect(message).toMatchObject({
      From: { Name: 'Sender', Address: 'sender@example.com' },
      To: [{ Name: 'Receiver', Address: to }],
    });
  });

  describe("Resend's send API (POST /api/resend/emails)", () => {
    const resend = (body: unknown, authorization: string | null = `Bearer ${LOCAL_MAIL_API_KEY}`) =>
      api('/api/resend/emails', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(authorization ? { Authorization: authorization } : {}),
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    it('stores the message like any other and answers its id', async () => {
      const to = uniqueEmail('resend');
      const other = uniqueEmail('resend-second');
      const sent = await resend({
        from: 'Revolve <team@revolve.test>',
        to: [to, `Second <${other}>`],
        subject: 'Through Resend',
        text: 'Plain',
        html: '<p>Rich</p>',
        cc: uniqueEmail('copied'),
      });
      expect(sent.status).toBe(200);
      const { id } = (await sent.json()) as { id: string };
      expect((await api(`/api/v1/message/${id}`)).status).toBe(200);

      const listing = await list();
      expect(listing.messages.find((message) => message.ID === id)).toMatchObject({
        From: { Name: 'Revolve', Address: 'team@revolve.test' },
        To: [
          { Name: '', Address: to },
          { Name: 'Second', Address: other },
        ],
        Subject: 'Through Resend',
      });
      const single = await resend({ from: 'a@example.com', to, subject: 'One', html: '<b>x</b>' });
      expect(single.status).toBe(200);
    });

    it('answers 401 without a key and 403 for a key it does not know, as Resend', async () => {
      const mail = { from: 'a@example.com', to: uniqueEmail('nokey'), subject: 'x', text: 'y' };
      const missing = await resend(mail, null);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toMatchObject({ statusCode: 401, name: 'missing_api_key' });
      const wrong = await resend(mail, 'Bearer re_not_the_local_key');
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toEqual({
        statusCode: 403,
        name: 'invalid_api_key',
        message: 'API key is invalid',
      });
    });

    it('answers 422 with Resend-like errors for a bad body, and stores nothing', async () => {
      const before = (await list()).total;
      const to = uniqueEmail('bad');
      const cases: [unknown, string, RegExp][] = [
        [{ from: 'a@example.com', subject: 'x', text: 'y' }, 'missing_required_field', /`to`/],
        [{ to, subject: 'x', text: 'y' }, 'missing_required_field', /`from`/],
        [{ from: 'a@example.com', to, text: 'y' }, 'missing_required_field', /`subject`/],
        [{ from: 'a@example.com', to, subject: 'x' }, 'missing_required_field', /`html` or `text`/],
        [{ from: 'not an address', to, subject: 'x', text: 'y' }, 'validation_error', /`from`/],
        [{ from: 'a@example.com', to: ['x'], subject: 'x', text: 'y' }, 'validation_error', /`to`/],
        [{ from: 'a@example.com', to, subject: 3, text: 'y' }, 'validation_error', /`subject`/],
        ['{nope', 'validation_error', /JSON/],
      ];
      for (const [body, name, message] of cases) {
        const response = await resend(body);
        expect(response.status, JSON.stringify(body)).toBe(422);
        const error = (await response.json()) as {
          statusCode: number;
          name: string;
          message: string;
        };
        expect(error.statusCode).toBe(422);
        expect(error.name, JSON.stringify(body)).toBe(name);
        expect(error.message, JSON.stringify(body)).toMatch(message);
      }
      expect((await list()).total).toBe(before);
    });

    describe('Idempotency-Key', () => {
      const keyed = (key: string, body: unknown) =>
        api('/api/resend/emails', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${LOCAL_MAIL_API_KEY}`,
            'Idempotency-Key': key,
          },
          body: JSON.stringify(body),
        });
      const mailsTo = async (address: string) =>
        (await list(`/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`)).messages.map(
          (message) => message.ID,
        );
      const mail = (to: string, subject = 'Once only') => ({
        from: 'Revolve <team@revolve.test>',
        to: [to],
        subject,
        text: 'Plain',
        html: '<p>Rich</p>',
      });
      let key: string;
      beforeEach(() => {
        key = `welcome-user/${crypto.randomUUID()}`;
      });

      it('answers a repeat with the same key and body as the first request, storing nothing', async () => {
        const to = uniqueEmail('keyed');
        const first = await keyed(key, mail(to));
        expect(first.status).toBe(200);
        const { id } = (await first.json()) as { id: string };
        const { from, ...rest } = mail(to);
        for (const body of [mail(to), { ...rest, from }]) {
          const repeat = await keyed(key, body);
          expect(repeat.status).toBe(200);
          expect(await repeat.json()).toEqual({ id });
        }
        expect(await mailsTo(to)).toEqual([id]);

        const otherKey = await keyed(`${key}-other`, mail(to));
        expect(otherKey.status).toBe(200);
        expect(await mailsTo(to)).toHaveLength(2);
      });

      it("refuses the same key with another body with Resend's 409 invalid_idempotent_request", async () => {
        const to = uniqueEmail('keyed-changed');
        const { id } = (await (await keyed(key, mail(to))).json()) as { id: string };
        const changed = await keyed(key, mail(to, 'Once only, changed'));
        expect(changed.status).toBe(409);
        expect(await changed.json()).toEqual({
          statusCode: 409,
          name: 'invalid_idempotent_request',
          message: 'Same idempotency key used with a different request payload.',
        });
        expect(await (await keyed(key, mail(to))).json()).toEqual({ id });
        expect(await mailsTo(to)).toEqual([id]);
      });

      it('forgets a key 24 hours after its first use', async () => {
        const to = uniqueEmail('keyed-expired');
        const { id } = (await (await keyed(key, mail(to))).json()) as { id: string };
        const db = new pg.Client({ connectionString: instance.dbUrl });
        await db.connect();
        try {
          await db.query(
            `update _mailbox.idempotency_keys set created_at = created_at - interval '23 hours 59 minutes'
             where key = $1`,
            [key],
          );
          expect((await keyed(key, mail(to, 'A day later'))).status).toBe(409);
          await db.query(
            `update _mailbox.idempotency_keys set created_at = created_at - interval '1 minute'
             where key = $1`,
            [key],
          );
        } finally {
          await db.end();
        }
        const later = await keyed(key, mail(to, 'A day later'));
        expect(later.status).toBe(200);
        const { id: laterId } = (await later.json()) as { id: string };
        expect(laterId).not.toBe(id);
        expect(await mailsTo(to)).toEqual([laterId, id]);
      });

      it('answers 409 concurrent_idempotent_requests while a request with the key is handled', async () => {
        const to = uniqueEmail('keyed-concurrent');
        const db = new pg.Client({ connectionString: instance.dbUrl });
        await db.connect();
        try {
          // Holds the lock a request with this key holds while it is handled.
          await db.query('begin');
          await db.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
            idempotencyLockName(key),
          ]);
          const concurrent = await keyed(key, mail(to));
          expect(concurrent.status).toBe(409);
          expect(await concurrent.json()).toEqual({
            statusCode: 409,
            name: 'concurrent_idempotent_requests',
            message: 'Same idempotency key used while original request is still in progress.',
          });
          await db.query('rollback');
        } finally {
          await db.end();
        }
        expect(await mailsTo(to)).toEqual([]);
        expect((await keyed(key, mail(to))).status).toBe(200);
        expect(await mailsTo(to)).toHaveLength(1);
      });

      it('refuses an empty key or one of more than 256 characters (400 invalid_idempotency_key), and a refused request uses no key', async () => {
        const to = uniqueEmail('keyed-invalid');
        const tooLong = await keyed('k'.repeat(257), mail(to));
        expect(tooLong.status).toBe(400);
        expect(await tooLong.json()).toEqual({
          statusCode: 400,
          name: 'invalid_idempotency_key',
          message: 'The key must be between 1-256 chars.',
        });
        expect((await keyed('', mail(to))).status).toBe(400);
        expect(await mailsTo(to)).toEqual([]);
        expect((await keyed(`${key}/`.padEnd(256, 'k'), mail(to))).status).toBe(200);

        const other = uniqueEmail('keyed-refused');
        const noContent = { from: 'a@example.com', to: other, subject: 'x' };
        expect((await keyed(key, noContent)).status).toBe(422);
        expect((await keyed(key, mail(other))).status).toBe(200);
        expect(await mailsTo(other)).toHaveLength(1);
      });
    });
  });

  it('finds messages by recipient with the search API', async () => {
    const to = uniqueEmail('searched');
    await post('/api/v1/send', { to, subject: 'Find me', text: 'x' });
    await post('/api/v1/send', { to: uniqueEmail('other'), subject: 'Not me', text: 'x' });
    const found = await list(`/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`);
    expect(found.messages.map((message) => message.Subject)).toEqual(['Find me']);
    const bySubject = await list(`/api/v1/search?query=${encodeURIComponent('subject:"Find me"')}`);
    expect(bySubject.messages.map((message) => message.Subject)).toEqual(['Find me']);
  });

  it('answers bad input with JSON errors', async () => {
    const missingRecipient = await post('/api/v1/send', { subject: 'x', text: 'y' });
    expect(missingRecipient.status).toBe(400);
    expect(await missingRecipient.json()).toEqual({ error: expect.stringMatching(/to/) });

    const badAddress = await post('/api/v1/send', { to: 'not an address', text: 'y' });
    expect(badAddress.status).toBe(400);

    const notJson = await api('/api/v1/send', { method: 'POST', body: '{nope' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'Request body is not valid JSON' });

    const unknown = await api('/api/v1/message/doesNotExist');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');

    const badPaging = await api('/api/v1/messages?limit=-1');
    expect(badPaging.status).toBe(400);

    const wrongMethod = await api('/api/v1/send');
    expect(wrongMethod.status).toBe(405);
  });

  it('shows an HTML page listing messages, each viewable with its HTML sandboxed', async () => {
    const { ID } = (await (
      await post('/api/v1/send', {
        to: uniqueEmail('page'),
        subject: 'Page <check>',
        text: 'Open https://example.com/confirm?x=1',
        html: '<p onclick="alert(1)">Hi</p><script>alert(2)</script>',
      })
    ).json()) as { ID: string };

    const page = await api('/');
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Page &lt;check&gt;');
    expect(html).toContain(`href="/view/${ID}"`);

    const view = await api(`/view/${ID}`);
    const viewHtml = await view.text();
    expect(viewHtml).toMatch(/<iframe[^>]+sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    expect(viewHtml).not.toContain('<script>alert(2)</script>');
    expect(viewHtml).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(viewHtml).toContain('<a href="https://example.com/confirm?x=1"');
    expect(view.headers.get('content-security-policy')).toContain("script-src 'none'");
  });

  it('deletes chosen messages, then all of them', async () => {
    const ids: string[] = [];
    for (const subject of ['one', 'two']) {
      const sent = await post('/api/v1/send', { to: uniqueEmail(subject), subject, text: subject });
      ids.push(((await sent.json()) as { ID: string }).ID);
    }
    const deleteOne = await post('/api/v1/messages', { IDs: [ids[0]] }, 'DELETE');
    expect(deleteOne.status).toBe(200);
    const remaining = (await list()).messages.map((message) => message.ID);
    expect(remaining).not.toContain(ids[0]);
    expect(remaining).toContain(ids[1]);

    const deleteAll = await api('/api/v1/messages', { method: 'DELETE' });
    expect(deleteAll.status).toBe(200);
    expect(await list()).toMatchObject({ total: 0, unread: 0, count: 0, messages: [] });
  });

  it('keeps messages across a restart', async () => {
    const { id } = await instance.mailer.send({
      to: uniqueEmail('kept'),
      subject: 'Survives restarts',
      text: 'still here',
    });
    await instance.restart();
    const listing = (await (
      await fetch(`${instance.backend.mailboxUrl}/api/v1/messages`)
    ).json()) as Listing;
    expect(listing.messages.map((message) => message.ID)).toContain(id);
  });

  it('opens a mailbox database from before attachments, and keeps attachments across a restart', async () => {
    const { id: older } = await instance.mailer.send({
      to: uniqueEmail('before-attachments'),
      subject: 'Sent before attachments',
      text: 'plain',
    });
    const db = new pg.Client({ connectionString: instance.backend.dbUrl });
    await db.connect();
    try {
      await db.query('drop table _mailbox.attachments');
    } finally {
      await db.end();
    }
    await instance.restart();
    const mailbox = (path: string, init?: RequestInit) =>
      fetch(`${instance.backend.mailboxUrl}${path}`, init);
    const message = async (id: string) =>
      (await (await mailbox(`/api/v1/message/${id}`)).json()) as {
        Subject: string;
        Attachments: unknown[];
      };
    expect(await message(older)).toMatchObject({
      Subject: 'Sent before attachments',
      Attachments: [],
    });

    const sent = await mailbox('/api/resend/emails', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${LOCAL_MAIL_API_KEY}`,
      },
      body: JSON.stringify({
        from: 'team@revolve.test',
        to: uniqueEmail('after-attachments'),
        subject: 'With a file',
        text: 'attached',
        attachments: [{ filename: 'note.txt', content: Buffer.from('kept').toString('base64') }],
      }),
    });
    expect(sent.status).toBe(200);
    const { id } = (await sent.json()) as { id: string };
    await instance.restart();
    expect((await message(id)).Attachments).toEqual([
      { PartID: '2', FileName: 'note.txt', ContentType: 'text/plain', Size: 4 },
    ]);
    const part = await mailbox(`/api/v1/message/${id}/part/2`);
    expect(await part.text()).toBe('kept');

    const deleteAll = await mailbox('/api/v1/messages', { method: 'DELETE' });
    expect(deleteAll.status).toBe(200);
    const check = new pg.Client({ connectionString: instance.backend.dbUrl });
    await check.connect();
    try {
      const { rows } = await check.query<{ count: number }>(
        'select count(*)::int as count from _mailbox.attachments',
      );
      expect(rows[0]?.count).toBe(0);
    } finally {
      await check.end();
    }
  });
});
