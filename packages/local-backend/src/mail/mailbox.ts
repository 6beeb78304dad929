import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { z } from 'zod';
import { BackendStartError } from '../start-error';
import { routePattern, type RoutePattern } from '../http/route-pattern';
import type { MailMessage, Mailer } from '../http/types';
import { parseAddress, parseAddressList, type MailAddress } from './addresses';
import { listPage, messagePage } from './pages';
import { maxAttachmentsBase64Bytes, ResendError, resendPath, sendResendEmail } from './resend';
import {
  attachmentOrdinal,
  attachmentPartId,
  MessageStore,
  type MessagePage,
  type NewMessage,
  type StoredMessage,
} from './store';

export interface Mailbox {
  mailer: Mailer;
  /** The mailbox page and Mailpit-compatible API, e.g. http://127.0.0.1:54324 */
  url: string;
  close(): Promise<void>;
}

const defaultSender: MailAddress = { Name: 'Local backend', Address: 'noreply@localhost' };
const maxBodyBytes = 10 * 1024 * 1024;
// Room for Resend's 40 MB of base64 attachments and the rest of the e-mail, so that an e-mail over
// the limit gets Resend's 422 rather than a cut-off request.
const maxResendBodyBytes = maxAttachmentsBase64Bytes + 8 * 1024 * 1024;

class MailboxError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Catches every e-mail in the database (_mailbox.messages) and serves them on host:port: a page at /
 * for people, a Mailpit API subset (/api/v1/…) for tests, and Resend's send API
 * (POST /api/resend/emails) for edge functions.
 */
export async function createMailbox(options: {
  pool: pg.Pool;
  host: string;
  port: number;
}): Promise<Mailbox> {
  const store = await MessageStore.open(options.pool);
  const api = mailboxApi(store);
  const server = createServer((request, response) => void api(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new BackendStartError(`Port ${options.port} (the mailbox) is already in use.`)
          : error,
      ),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    mailer: {
      send: async (message: MailMessage) => {
        const stored = await store.add(normalizeMailerMessage(message));
        return { id: stored.id };
      },
    },
    url: `http://${options.host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function normalizeMailerMessage(message: MailMessage): NewMessage {
  const to = parseAddressList(message.to);
  if (!to) throw new Error(`Not an e-mail address: ${message.to}`);
  const from = message.from === undefined ? defaultSender : parseAddress(message.from);
  if (!from) throw new Error(`Not an e-mail address: ${message.from}`);
  return { from, to, subject: message.subject, text: message.text, html: message.html ?? '' };
}

type Reply = {
  status: number;
  json?: unknown;
  html?: string;
  text?: string;
  location?: string;
  file?: { name: string; contentType: string; content: Buffer };
};

function mailboxApi(store: MessageStore) {
  const routes: {
    method: string;
    path: RoutePattern;
    run: (match: RouteMatch) => Promise<Reply>;
    bodyLimit?: { bytes: number; error: () => Error };
  }[] = [
    {
      method: 'GET',
      path: routePattern('/'),
      run: async () => {
        const page = await store.list({ start: 0, limit: 200 });
        return { status: 200, html: listPage(page.messages, page.total) };
      },
    },
    {
      method: 'POST',
      path: routePattern('/delete-all'),
      run: async () => {
        await store.delete();
        return { status: 303, location: '/' };
      },
    },
    {
      method: 'GET',
      path: routePattern('/view/:id([\\w-]+)'),
      run: async ({ params }) => {
        const message = await store.open(params.id ?? '');
        if (!message) throw new MailboxError(404, 'Message not found');
        return { status: 200, html: messagePage(message) };
      },
    },
    {
      method: 'GET',
      path: routePattern('/api/v1/messages'),
      run: async ({ url }) => {
        const page = paging(url);
        return { status: 200, json: listing(page.start, await store.list(page)) };
      },
    },
    {
      method: 'GET',
      path: routePattern('/api/v1/search'),
      run: async ({ url }) => {
        const query = url.searchParams.get('query')?.trim();
        if (!query) throw new MailboxError(400, 'Missing search query');
        const page = paging(url);
        return { status: 200, json: listing(page.start, await store.list({ ...page, query })) };
      },
    },
    {
      method: 'DELETE',
      path: routePattern('/api/v1/messages'),
      run: async ({ body }) => {
        const { IDs } = parseBody(body, z.object({ IDs: z.array(z.string()).optional() }));
        await store.delete(IDs && IDs.length > 0 ? IDs : undefined);
        return { status: 200, text: 'ok' };
      },
    },
    {
      method: 'PUT',
      path: routePattern('/api/v1/messages'),
      run: async ({ body }) => {
        const { IDs, Read } = parseBody(
          body,
          z.object({ IDs: z.array(z.string()).optional(), Read: z.boolean() }),
        );
        await store.setRead(IDs && IDs.length > 0 ? IDs : undefined, Read);
        return { status: 200, text: 'ok' };
      },
    },
    {
      method: 'GET',
      path: routePattern('/api/v1/message/:id([\\w-]+)'),
      run: async ({ params }) => {
        const message = await store.open(params.id ?? '');
        if (!message) throw new MailboxError(404, 'Message not found');
        return { status: 200, json: details(message) };
      },
    },
    {
      method: 'GET',
      path: routePattern('/api/v1/message/:id([\\w-]+)/part/:part([1-9]\\d{0,8})'),
      run: async ({ params }) => {
        const ordinal = attachmentOrdinal(params.part ?? '');
        const attachment =
          ordinal >= 1 ? await store.attachment(params.id ?? '', ordinal) : undefined;
        if (!attachment) throw new MailboxError(404, 'Part not found');
        return {
          status: 200,
          file: {
            name: attachment.filename,
            contentType: attachment.contentType,
            content: attachment.content,
          },
        };
      },
    },
    {
      method: 'POST',
      path: routePattern(resendPath),
      run: async ({ headers, body }) => ({
        status: 200,
        json: await sendResendEmail(store, headers, body),
      }),
      bodyLimit: {
        bytes: maxResendBodyBytes,
        error: () =>
          new ResendError(
            422,
            'validation_error',
            'The request body is too large: Resend takes at most 40 MB of attachments per email.',
          ),
      },
    },
    {
      method: 'POST',
      path: routePattern('/api/v1/send'),
      run: async ({ body }) => {
        const stored = await store.add(parseSendRequest(body));
        return { status: 200, json: { ID: stored.id } };
      },
    },
  ];

  return async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    const url = new URL(incoming.url ?? '/', 'http://mailbox.local');
    let reply: Reply;
    try {
      const candidates = routes.flatMap((route) => {
        const params = route.path.match(url.pathname);
        return params ? [{ route, params }] : [];
      });
      const chosen = candidates.find((candidate) => candidate.route.method === incoming.method);
      if (!chosen) {
        throw candidates.length > 0
          ? new MailboxError(405, `Method ${incoming.method} is not allowed here`)
          : new MailboxError(404, 'Not found');
      }
      const { route, params } = chosen;
      reply = await route.run({
        url,
        params,
        headers: incoming.headers,
        body: await readBody(
          incoming,
          route.bodyLimit ?? {
            bytes: maxBodyBytes,
            error: () => new MailboxError(413, 'Request body is too large'),
          },
        ),
      });
    } catch (error) {
      if (error instanceof ResendError) reply = { status: error.statusCode, json: error };
      else if (error instanceof MailboxError) {
        reply = { status: error.status, json: { error: error.message } };
      } else reply = { status: 500, json: { error: 'The mailbox failed to answer' } };
    }
    send(outgoing, reply);
  };
}

interface RouteMatch {
  url: URL;
  params: Readonly<Record<string, string>>;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function send(outgoing: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' };
  let payload = '';
  if (reply.html !== undefined) {
    headers['Content-Type'] = 'text/html; charset=utf-8';
    // No scripts anywhere; a mail's own HTML renders in a sandboxed frame.
    headers['Content-Security-Policy'] =
      "script-src 'none'; object-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";
    payload = reply.html;
  } else if (reply.text !== undefined) {
    headers['Content-Type'] = 'text/plain; charset=utf-8';
    payload = reply.text;
  } else if (reply.json !== undefined) {
    headers['Content-Type'] = 'application/json; charset=utf-8';
    payload = JSON.stringify(reply.json);
  }
  if (reply.location) headers.Location = reply.location;
  if (reply.file) {
    headers['Content-Type'] = reply.file.contentType;
    headers['Content-Disposition'] = contentDisposition(reply.file.name);
    // Downloaded, never rendered as part of the mailbox, whatever type the sender claimed.
    headers['Content-Security-Policy'] = "default-src 'none'; sandbox";
    outgoing.writeHead(reply.status, headers);
    outgoing.end(reply.file.content);
    return;
  }
  outgoing.writeHead(reply.status, headers);
  outgoing.end(payload);
}

/**
 * `attachment; filename="…"` with a plain-ASCII stand-in for the name, which any client reads, and
 * the exact name in RFC 5987's `filename*` for those that read it (browsers do).
 */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = [...Buffer.from(filename, 'utf8')]
    .map((byte) => {
      const character = String.fromCharCode(byte);
      return /[\w!#$&+.^`|~-]/.test(character)
        ? character
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

async function readBody(
  incoming: IncomingMessage,
  limit: { bytes: number; error: () => Error },
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size > limit.bytes) throw limit.error();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseBody<T>(body: Buffer, schema: z.ZodType<T>): T {
  let value: unknown = {};
  if (body.length > 0) {
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      throw new MailboxError(400, 'Request body is not valid JSON');
    }
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new MailboxError(400, `Invalid request: ${where}${issue?.message ?? 'bad input'}`);
  }
  return result.data;
}

function paging(url: URL): { start: number; limit: number } {
  const number = (name: string, fallback: number, max: number) => {
    const raw = url.searchParams.get(name);
    if (raw === null || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new MailboxError(400, `${name} must be a whole number from 0 to ${max}`);
    }
    return value;
  };
  return { start: number('start', 0, Number.MAX_SAFE_INTEGER), limit: number('limit', 50, 1000) };
}

// Both the simple local form ({to, subject, text, html, from}) and Mailpit's own send API shape.
const addressInput = z.union([
  z.string(),
  z.object({ Email: z.string(), Name: z.string().optional() }),
]);
const sendSchema = z.object({
  to: z.union([addressInput, z.array(addressInput)]).optional(),
  To: z.array(addressInput).optional(),
  from: addressInput.optional(),
  From: addressInput.optional(),
  subject: z.string().optional(),
  Subject: z.string().optional(),
  text: z.string().optional(),
  Text: z.string().optional(),
  html: z.string().optional(),
  HTML: z.string().optional(),
});

function parseSendRequest(body: Buffer): NewMessage {
  const input = parseBody(body, sendSchema);
  const toAddresses = (value: z.infer<typeof addressInput>): MailAddress[] => {
    if (typeof value === 'string') {
      const list = parseAddressList(value);
      if (list) return list;
    } else {
      const address = parseAddress(value.Email);
      if (address) return [{ Name: value.Name ?? '', Address: address.Address }];
    }
    throw new MailboxError(400, `Not an e-mail address: ${JSON.stringify(value)}`);
  };
  const rawTo = input.to ?? input.To;
  if (!rawTo || (Array.isArray(rawTo) && rawTo.length === 0)) {
    throw new MailboxError(400, 'Invalid request: to is required');
  }
  const to = (Array.isArray(rawTo) ? rawTo : [rawTo]).flatMap(toAddresses);
  const rawFrom = input.from ?? input.From;
  const from = rawFrom === undefined ? defaultSender : toAddresses(rawFrom)[0];
  const text = input.text ?? input.Text ?? '';
  const html = input.html ?? input.HTML ?? '';
  if (!text && !html) throw new MailboxError(400, 'Invalid request: text or html is required');
  return {
    from: from ?? defaultSender,
    to,
    subject: input.subject ?? input.Subject ?? '',
    text,
    html,
  };
}

function snippet(message: StoredMessage): string {
  const source = message.text || message.html.replace(/<style[\s\S]*?<\/style>|<[^>]+>/gi, ' ');
  return source.replace(/\s+/g, ' ').trim().slice(0, 250);
}

const size = (message: StoredMessage) =>
  Buffer.byteLength(message.subject) +
  Buffer.byteLength(message.text) +
  Buffer.byteLength(message.html) +
  message.attachments.reduce((total, attachment) => total + attachment.size, 0);

function summary(message: StoredMessage) {
  return {
    ID: message.id,
    MessageID: message.messageId,
    Read: message.read,
    From: message.from,
    To: message.to,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: message.subject,
    Created: message.created.toISOString(),
    Tags: [],
    Size: size(message),
    Attachments: message.attachments.length,
    Snippet: snippet(message),
  };
}

function details(message: StoredMessage) {
  return {
    ID: message.id,
    MessageID: message.messageId,
    From: message.from,
    To: message.to,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    ReturnPath: message.from.Address,
    Subject: message.subject,
    Date: message.created.toISOString(),
    Tags: [],
    Text: message.text,
    HTML: message.html,
    Size: size(message),
    Inline: [],
    Attachments: message.attachments.map((attachment) => ({
      PartID: attachmentPartId(attachment.ordinal),
      FileName: attachment.filename,
      ContentType: attachment.contentType,
      Size: attachment.size,
    })),
  };
}

function listing(start: number, page: MessagePage) {
  return {
    start,
    total: page.total,
    unread: page.unread,
    count: page.messages.length,
    messages_count: page.matching,
    tags: [],
    messages: page.messages.map(summary),
  };
}
