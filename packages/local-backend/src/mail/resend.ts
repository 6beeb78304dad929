/**
 * The mailbox's stand-in for Resend's send API (POST https://api.resend.com/emails): the edge
 * functions send mail through that one API shape everywhere, and locally MAIL_API_URL points here.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parseAddress, type MailAddress } from './addresses';
import type { MessageStore, NewAttachment, NewMessage } from './store';

/** The API key the local backend gives functions (MAIL_API_KEY); Resend's keys start with re_. */
export const LOCAL_MAIL_API_KEY = 're_local_mailbox';

export const resendPath = '/api/resend/emails';

export function resendEndpoint(mailboxUrl: string): string {
  return `${mailboxUrl}${resendPath}`;
}

/** Resend's error body: `{statusCode, name, message}`. */
export class ResendError extends Error {
  constructor(
    readonly statusCode: number,
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }

  toJSON() {
    return { statusCode: this.statusCode, name: this.kind, message: this.message };
  }
}

const addressFormat =
  'The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.';
const maxRecipients = 50;

/** Checks the bearer key as Resend does: 401 without one, 403 for one it does not know. */
export function checkResendKey(headers: IncomingHttpHeaders): void {
  const authorization = headers.authorization ?? '';
  const key = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
  if (!key) {
    throw new ResendError(
      401,
      'missing_api_key',
      'Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY',
    );
  }
  if (key !== LOCAL_MAIL_API_KEY)
    throw new ResendError(403, 'invalid_api_key', 'API key is invalid');
}

/** How long Resend keeps an idempotency key, from its first use. */
export const idempotencyKeyKeptFor = '24 hours';
const maxIdempotencyKeyLength = 256;

/**
 * POST /emails: checks the key and the body, then stores the message and answers its id. With an
 * `Idempotency-Key` header, as Resend: the same key and body within 24 hours answer the first
 * request's id and store nothing; the same key with another body is 409
 * `invalid_idempotent_request`, and while a request with the key is handled 409
 * `concurrent_idempotent_requests`.
 */
export async function sendResendEmail(
  store: MessageStore,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<{ id: string }> {
  checkResendKey(headers);
  const key = idempotencyKey(headers);
  const message = parseResendEmail(body);
  if (key === undefined) return { id: (await store.add(message)).id };
  const sent = await store.addOnce(key, fingerprint(body), message, idempotencyKeyKeptFor);
  switch (sent.outcome) {
    case 'added':
    case 'repeated':
      return { id: sent.id };
    case 'mismatch':
      throw new ResendError(
        409,
        'invalid_idempotent_request',
        'Same idempotency key used with a different request payload.',
      );
    case 'in_progress':
      throw new ResendError(
        409,
        'concurrent_idempotent_requests',
        'Same idempotency key used while original request is still in progress.',
      );
  }
}

function idempotencyKey(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  const length = [...key].length;
  if (length < 1 || length > maxIdempotencyKeyLength) {
    throw new ResendError(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
  }
  return key;
}

/** The body as JSON with its keys sorted: a repeat that only reorders fields is the same request. */
function fingerprint(body: Buffer): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((name) => [name, sorted((value as Record<string, unknown>)[name])]),
          )
        : value;
  const canonical = JSON.stringify(sorted(JSON.parse(body.toString('utf8'))));
  return createHash('sha256').update(canonical).digest('hex');
}

/** Validates a send request's JSON body as Resend does and turns it into a mailbox message. */
export function parseResendEmail(body: Buffer): NewMessage {
  let input: unknown;
  try {
    input = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ResendError(422, 'validation_error', 'The request body is not valid JSON.');
  }
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    throw new ResendError(422, 'validation_error', 'The request body must be a JSON object.');
  }
  const fields = input as Record<string, unknown>;
  const missing = (field: string) =>
    new ResendError(422, 'missing_required_field', `Missing \`${field}\` field.`);
  const invalid = (field: string, why: string) =>
    new ResendError(422, 'validation_error', `Invalid \`${field}\` field. ${why}`);

  const text = optionalString(fields, 'text', invalid);
  const html = optionalString(fields, 'html', invalid);
  if (fields.from === undefined || fields.from === '') throw missing('from');
  if (fields.to === undefined || (Array.isArray(fields.to) && fields.to.length === 0)) {
    throw missing('to');
  }
  if (fields.subject === undefined) throw missing('subject');
  if (typeof fields.subject !== 'string') throw invalid('subject', 'It must be a string.');
  if (text === undefined && html === undefined) throw missing('html` or `text');

  if (typeof fields.from !== 'string') throw invalid('from', addressFormat);
  const from = parseAddress(fields.from);
  if (!from) throw invalid('from', addressFormat);
  const to = addresses(fields.to, 'to', invalid);
  for (const field of ['cc', 'bcc', 'reply_to']) {
    if (fields[field] !== undefined) addresses(fields[field], field, invalid);
  }
  const attachments = parseAttachments(fields.attachments, invalid);
  return { from, to, subject: fields.subject, text: text ?? '', html: html ?? '', attachments };
}

/**
 * Resend's limit on one e-mail, counted as it does: the attachments' content after base64
 * encoding, so what Resend would refuse for its size is refused here too.
 */
export const maxAttachmentsBase64Bytes = 40 * 1024 * 1024;

const contentTypesByExtension: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain',
  csv: 'text/csv',
  ics: 'text/calendar',
  json: 'application/json',
  zip: 'application/zip',
};

/** The content type a file name suggests, application/octet-stream when it suggests none. */
export function contentTypeFor(filename: string): string {
  const extension = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  return contentTypesByExtension[extension] ?? 'application/octet-stream';
}

// type/subtype with optional parameters; anything else could not be served as a Content-Type header.
const contentTypeFormat = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(?:[ \t]*;[\x20-\x7e]*)?$/;

function parseAttachments(
  value: unknown,
  invalid: (field: string, why: string) => ResendError,
): NewAttachment[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid('attachments', 'It must be an array of objects.');
  let base64Bytes = 0;
  return value.map((entry: unknown, index): NewAttachment => {
    const field = `attachments[${index}]`;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      throw invalid(field, 'It must be an object.');
    }
    const attachment = entry as Record<string, unknown>;
    const { filename, content, path, content_type: contentType } = attachment;
    if (typeof filename !== 'string' || filename.trim() === '') {
      throw invalid(`${field}.filename`, 'It must be a non-empty string.');
    }
    // Postgres text cannot hold NUL, and no file name needs a control character.
    if (/\p{Cc}/u.test(filename)) {
      throw invalid(`${field}.filename`, 'It must not contain control characters.');
    }
    if (path !== undefined && path !== null) {
      throw new ResendError(
        422,
        'invalid_attachment',
        `The local mailbox takes attachments only as \`content\` (base64), not as \`path\`: Resend would fetch ${field}.path from the network, which the local mailbox does not do.`,
      );
    }
    if (content === undefined || content === null || content === '') {
      throw new ResendError(
        422,
        'invalid_attachment',
        `Attachment must have either a \`content\` or \`path\` (${field}).`,
      );
    }
    if (typeof content !== 'string') {
      throw invalid(`${field}.content`, 'It must be a base64 string.');
    }
    const base64 = content.replace(/\s+/g, '');
    if (!isBase64(base64)) throw invalid(`${field}.content`, 'It is not valid base64.');
    base64Bytes += base64.length;
    if (base64Bytes > maxAttachmentsBase64Bytes) {
      throw invalid(
        'attachments',
        `They come to more than ${maxAttachmentsBase64Bytes} bytes in base64; an email can carry at most 40 MB of attachments.`,
      );
    }
    if (contentType === undefined || contentType === null) {
      return { filename, contentType: contentTypeFor(filename), content: decode(base64) };
    }
    if (typeof contentType !== 'string' || !contentTypeFormat.test(contentType)) {
      throw invalid(`${field}.content_type`, 'It must be a content type such as application/pdf.');
    }
    return { filename, contentType, content: decode(base64) };
  });
}

const decode = (base64: string) => Buffer.from(base64, 'base64');

/** Standard base64 (not base64url), padded or not; Buffer.from alone would skip what is not. */
function isBase64(text: string): boolean {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return false;
  return text.includes('=') ? text.length % 4 === 0 : text.length % 4 !== 1;
}

function optionalString(
  fields: Record<string, unknown>,
  name: string,
  invalid: (field: string, why: string) => ResendError,
): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(name, 'It must be a string.');
  return value;
}

/** A string or an array of strings, each an address. */
function addresses(
  value: unknown,
  field: string,
  invalid: (field: string, why: string) => ResendError,
): MailAddress[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > maxRecipients) {
    throw invalid(field, `It can hold at most ${maxRecipients} addresses.`);
  }
  return list.map((entry) => {
    const address = typeof entry === 'string' ? parseAddress(entry) : undefined;
    if (!address) throw invalid(field, addressFormat);
    return address;
  });
}
