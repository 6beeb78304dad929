import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MAIL_API_KEY } from '../src/mail/resend';
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
    const mailer = instance.backend.deps.mailer;
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
    const { id } = await instance.backend.deps.mailer.send({
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
});
