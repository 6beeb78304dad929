import { describe, expect, it } from 'vitest';
import { LOCAL_MAIL_API_KEY } from '../src/mail/resend';
import { mailboxReader } from '../src/testing';
import { database, mailboxUrl, uniqueEmail } from './shared';

interface ApiAttachment {
  PartID: string;
  FileName: string;
  ContentType: string;
  Size: number;
}

interface ResendErrorBody {
  statusCode: number;
  name: string;
  message: string;
}

const api = (path: string, init?: RequestInit) => fetch(`${mailboxUrl}${path}`, init);

const resend = (body: unknown, headers: Record<string, string> = {}) =>
  api('/api/resend/emails', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${LOCAL_MAIL_API_KEY}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });

const mail = (to: string, attachments?: unknown) => ({
  from: 'Revolve <team@revolve.test>',
  to: [to],
  subject: 'Your certificate',
  text: 'Your certificate is attached.',
  html: '<p>Your certificate is attached.</p>',
  ...(attachments === undefined ? {} : { attachments }),
});

async function sent(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function attachmentsOf(id: string): Promise<ApiAttachment[]> {
  const response = await api(`/api/v1/message/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { Attachments: ApiAttachment[] }).Attachments;
}

async function summaryOf(to: string): Promise<{ ID: string; Attachments: number }[]> {
  const response = await api(`/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`);
  return ((await response.json()) as { messages: { ID: string; Attachments: number }[] }).messages;
}

/** A small PDF followed by every byte value, so that any text decoding along the way shows. */
const pdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n', 'latin1'),
  Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)),
  Buffer.from('\n%%EOF\n'),
]);
const pdfName = 'revolve-certificate-ABCD-2345-EFGH.pdf';
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('attachments on mail sent through Resend’s API', () => {
  it('keeps a PDF byte for byte and serves it as a Mailpit part', async () => {
    const to = uniqueEmail('certificate');
    const id = await sent(
      await resend(
        mail(to, [
          { filename: pdfName, content: pdf.toString('base64'), content_type: 'application/pdf' },
          { filename: 'logo.png', content: png.toString('base64') },
        ]),
      ),
    );

    expect(await attachmentsOf(id)).toEqual([
      { PartID: '2', FileName: pdfName, ContentType: 'application/pdf', Size: pdf.length },
      { PartID: '3', FileName: 'logo.png', ContentType: 'image/png', Size: png.length },
    ]);
    expect(await summaryOf(to)).toMatchObject([{ ID: id, Attachments: 2 }]);

    const part = await api(`/api/v1/message/${id}/part/2`);
    expect(part.status).toBe(200);
    expect(part.headers.get('content-type')).toBe('application/pdf');
    expect(part.headers.get('content-disposition')).toBe(
      `attachment; filename="${pdfName}"; filename*=UTF-8''${pdfName}`,
    );
    expect(Buffer.from(await part.arrayBuffer()).equals(pdf)).toBe(true);
    const second = await api(`/api/v1/message/${id}/part/3`);
    expect(Buffer.from(await second.arrayBuffer()).equals(png)).toBe(true);

    for (const missing of [
      `${id}/part/4`,
      `${id}/part/1`,
      `${id}/part/0`,
      'noSuchMessage/part/2',
    ]) {
      const response = await api(`/api/v1/message/${missing}`);
      expect(response.status, missing).toBe(404);
      expect(response.headers.get('content-type'), missing).toContain('application/json');
    }
  });

  it('hands the attachments to tests through the mailbox reader', async () => {
    const to = uniqueEmail('reader');
    const after = Date.now() - 1_000;
    const id = await sent(
      await resend(mail(to, [{ filename: pdfName, content: pdf.toString('base64') }])),
    );
    const reader = mailboxReader(mailboxUrl);

    const read = await reader.read(id);
    expect(read.attachments).toHaveLength(1);
    expect(read.attachments[0]).toMatchObject({
      filename: pdfName,
      contentType: 'application/pdf',
      size: pdf.length,
    });
    expect(Buffer.isBuffer(read.attachments[0]?.content)).toBe(true);
    expect(read.attachments[0]?.content.equals(pdf)).toBe(true);

    const waited = await reader.waitFor(to, { subject: 'Your certificate', after });
    expect(waited.id).toBe(id);
    expect(waited.attachments.map((attachment) => attachment.content.toString('base64'))).toEqual([
      pdf.toString('base64'),
    ]);
  });

  it('reports no attachments for a message without them', async () => {
    const to = uniqueEmail('plain');
    const id = await sent(await resend(mail(to)));
    expect(await attachmentsOf(id)).toEqual([]);
    expect(await summaryOf(to)).toMatchObject([{ ID: id, Attachments: 0 }]);
    expect((await mailboxReader(mailboxUrl).read(id)).attachments).toEqual([]);
    expect((await api(`/api/v1/message/${id}/part/2`)).status).toBe(404);
  });

  it('infers a missing content type from the file name', async () => {
    const names: [string, string][] = [
      ['scan.JPG', 'image/jpeg'],
      ['photo.jpeg', 'image/jpeg'],
      ['notes.txt', 'text/plain'],
      ['grades.csv', 'text/csv'],
      ['session.ics', 'text/calendar'],
      ['data.bin', 'application/octet-stream'],
      ['README', 'application/octet-stream'],
    ];
    const id = await sent(
      await resend(
        mail(
          uniqueEmail('types'),
          names.map(([filename]) => ({ filename, content: 'aGk=' })),
        ),
      ),
    );
    expect((await attachmentsOf(id)).map((attachment) => attachment.ContentType)).toEqual(
      names.map(([, type]) => type),
    );
  });

  it('names the file safely in Content-Disposition', async () => {
    const filename = 'zertifikat "final" \\ résumé.pdf';
    const id = await sent(
      await resend(mail(uniqueEmail('disposition'), [{ filename, content: 'aGk=' }])),
    );
    expect((await attachmentsOf(id))[0]?.FileName).toBe(filename);
    const part = await api(`/api/v1/message/${id}/part/2`);
    expect(part.headers.get('content-disposition')).toBe(
      `attachment; filename="zertifikat _final_ _ r_sum_.pdf"; filename*=UTF-8''zertifikat%20%22final%22%20%5C%20r%C3%A9sum%C3%A9.pdf`,
    );
    expect(await part.text()).toBe('hi');
  });

  it('lists the attachments on the message page as escaped download links', async () => {
    const filename = '<b>report</b> & "notes".pdf';
    const id = await sent(
      await resend(
        mail(uniqueEmail('page'), [
          { filename, content: pdf.toString('base64'), content_type: 'application/pdf' },
          { filename: 'logo.png', content: png.toString('base64') },
        ]),
      ),
    );
    const page = await (await api(`/view/${id}`)).text();
    expect(page).toContain('<h2>Attachments</h2>');
    expect(page).not.toContain('<b>report</b>');
    const escaped = '&lt;b&gt;report&lt;/b&gt; &amp; &quot;notes&quot;.pdf';
    expect(page).toContain(
      `<a href="/api/v1/message/${id}/part/2" download="${escaped}">${escaped}</a> (application/pdf, ${pdf.length} B)`,
    );
    expect(page).toContain(
      `<a href="/api/v1/message/${id}/part/3" download="logo.png">logo.png</a> (image/png, ${png.length} B)`,
    );

    const plain = await sent(await resend(mail(uniqueEmail('page-plain'))));
    expect(await (await api(`/view/${plain}`)).text()).not.toContain('Attachments');
  });

  it('counts attachments in the idempotency fingerprint', async () => {
    const to = uniqueEmail('keyed-attachment');
    const key = `certificate/${crypto.randomUUID()}`;
    const body = mail(to, [{ filename: pdfName, content: pdf.toString('base64') }]);
    const id = await sent(await resend(body, { 'Idempotency-Key': key }));
    expect(await sent(await resend(body, { 'Idempotency-Key': key }))).toBe(id);
    const changed = mail(to, [{ filename: pdfName, content: png.toString('base64') }]);
    expect((await resend(changed, { 'Idempotency-Key': key })).status).toBe(409);
    expect(await summaryOf(to)).toMatchObject([{ ID: id, Attachments: 1 }]);
  });

  it('deletes a message’s attachments with it', async () => {
    const id = await sent(
      await resend(mail(uniqueEmail('deleted'), [{ filename: pdfName, content: 'aGk=' }])),
    );
    const db = database();
    try {
      const count = async () =>
        (
          await db.query<{ count: number }>(
            'select count(*)::int as count from _mailbox.attachments where message_id = $1',
            [id],
          )
        ).rows[0]?.count;
      expect(await count()).toBe(1);
      const deleted = await api('/api/v1/messages', {
        method: 'DELETE',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ IDs: [id] }),
      });
      expect(deleted.status).toBe(200);
      expect(await count()).toBe(0);
      expect((await api(`/api/v1/message/${id}/part/2`)).status).toBe(404);
    } finally {
      await db.end();
    }
  });

  describe('refuses, as Resend does, with 422 and stores nothing', () => {
    const cases: [string, unknown, string, RegExp][] = [
      [
        'attachments that are not an array',
        { filename: pdfName, content: 'aGk=' },
        'validation_error',
        /^Invalid `attachments` field\. It must be an array/,
      ],
      [
        'an attachment that is not an object',
        ['aGk='],
        'validation_error',
        /^Invalid `attachments\[0\]` field\. It must be an object/,
      ],
      [
        'an attachment without a file name',
        [{ content: 'aGk=' }],
        'validation_error',
        /^Invalid `attachments\[0\]\.filename` field/,
      ],
      [
        'an empty file name',
        [{ filename: ' ', content: 'aGk=' }],
        'validation_error',
        /`attachments\[0\]\.filename`/,
      ],
      [
        'a file name with a control character',
        [{ filename: 'a\u0000.pdf', content: 'aGk=' }],
        'validation_error',
        /`attachments\[0\]\.filename`.*control characters/,
      ],
      [
        'content that is not base64',
        [
          { filename: 'ok.txt', content: 'aGk=' },
          { filename: pdfName, content: 'this is not base64!' },
        ],
        'validation_error',
        /^Invalid `attachments\[1\]\.content` field\. It is not valid base64/,
      ],
      [
        'base64url content',
        [{ filename: pdfName, content: '-_-_' }],
        'validation_error',
        /`attachments\[0\]\.content`/,
      ],
      [
        'content that is not a string',
        [{ filename: pdfName, content: [1, 2, 3] }],
        'validation_error',
        /`attachments\[0\]\.content`/,
      ],
      [
        'an attachment given by path',
        [{ filename: pdfName, path: 'https://example.com/certificate.pdf' }],
        'invalid_attachment',
        /only as `content`.*not as `path`/,
      ],
      [
        'an attachment with neither content nor path',
        [{ filename: pdfName }],
        'invalid_attachment',
        /^Attachment must have either a `content` or `path`/,
      ],
      [
        'a content type that is not one',
        [{ filename: pdfName, content: 'aGk=', content_type: 'application/pdf\r\nX-Evil: 1' }],
        'validation_error',
        /`attachments\[0\]\.content_type`/,
      ],
    ];

    for (const [what, attachments, name, message] of cases) {
      it(what, async () => {
        const to = uniqueEmail('refused');
        const response = await resend(mail(to, attachments));
        expect(response.status).toBe(422);
        const error = (await response.json()) as ResendErrorBody;
        expect(Object.keys(error).sort()).toEqual(['message', 'name', 'statusCode']);
        expect(error.statusCode).toBe(422);
        expect(error.name).toBe(name);
        expect(error.message).toMatch(message);
        expect(await summaryOf(to)).toEqual([]);
      });
    }

    it('attachments over 40 MB in all', async () => {
      const to = uniqueEmail('too-large');
      // Each within the limit; together 8 bytes of base64 over it.
      const half = 'A'.repeat(20 * 1024 * 1024 + 4);
      const response = await resend(
        mail(to, [
          { filename: 'first.bin', content: half },
          { filename: 'second.bin', content: half },
        ]),
      );
      expect(response.status).toBe(422);
      const error = (await response.json()) as ResendErrorBody;
      expect(error).toEqual({
        statusCode: 422,
        name: 'validation_error',
        message: expect.stringMatching(/^Invalid `attachments` field\..*40 MB/),
      });
      expect(await summaryOf(to)).toEqual([]);

      const within = await resend(mail(to, [{ filename: 'first.bin', content: half }]));
      expect(within.status).toBe(200);
      expect(await summaryOf(to)).toMatchObject([{ Attachments: 1 }]);
    });
  });
});
