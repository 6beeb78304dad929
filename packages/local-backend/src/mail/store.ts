import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { MailAddress } from './addresses';

export interface NewAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface NewMessage {
  from: MailAddress;
  to: MailAddress[];
  subject: string;
  text: string;
  html: string;
  attachments?: NewAttachment[];
}

/** An attachment without its bytes; `ordinal` counts from 1 in the order they were sent. */
export interface AttachmentInfo {
  ordinal: number;
  filename: string;
  contentType: string;
  size: number;
}

/**
 * The attachment's part ID in the API. Mailpit numbers a message's MIME parts and the first is the
 * body (text and HTML), so attachments are parts 2, 3, …: attachment n (from 1) is part n + 1.
 */
export const attachmentPartId = (ordinal: number): string => String(ordinal + 1);
export const attachmentOrdinal = (partId: string): number => Number(partId) - 1;

export interface StoredMessage extends Omit<NewMessage, 'attachments'> {
  id: string;
  messageId: string;
  read: boolean;
  created: Date;
  attachments: AttachmentInfo[];
}

/** What MessageStore.addOnce came to; `id` is the message's, the earlier one's when repeated. */
export type KeyedAdd =
  { outcome: 'added' | 'repeated'; id: string } | { outcome: 'mismatch' | 'in_progress' };

export interface MessagePage {
  /** Messages in the mailbox, and how many of them are unread. */
  total: number;
  unread: number;
  /** Messages matching the search (all of them without one). */
  matching: number;
  messages: StoredMessage[];
}

interface MessageRow {
  id: string;
  message_id: string;
  from_name: string;
  from_address: string;
  recipients: MailAddress[];
  subject: string;
  text_body: string;
  html_body: string;
  read: boolean;
  created_at: Date;
  attachments?: AttachmentInfo[];
}

// A schema of its own, which the API roles cannot reach; kept across restarts like any table.
const schemaSql = `
create schema if not exists _mailbox;
create table if not exists _mailbox.messages (
  seq bigint generated always as identity primary key,
  id text not null unique,
  message_id text not null,
  from_name text not null default '',
  from_address text not null,
  recipients jsonb not null,
  subject text not null default '',
  text_body text not null default '',
  html_body text not null default '',
  read boolean not null default false,
  created_at timestamptz not null default clock_timestamp()
);
create table if not exists _mailbox.idempotency_keys (
  key text primary key,
  fingerprint text not null,
  message_id text not null,
  created_at timestamptz not null default now()
);
create table if not exists _mailbox.attachments (
  message_id text not null references _mailbox.messages (id) on delete cascade,
  ordinal int not null,
  filename text not null,
  content_type text not null,
  content bytea not null,
  primary key (message_id, ordinal)
);`;

const recipientsText = `(select string_agg((r ->> 'Name') || ' ' || (r ->> 'Address'), ' ')
  from jsonb_array_elements(recipients) as r)`;

const columns =
  'id, message_id, from_name, from_address, recipients, subject, text_body, html_body, read, created_at';

/** `columns` and the attachments (without their bytes), for a query naming the message `m`. */
const columnsWithAttachments = `m.id, m.message_id, m.from_name, m.from_address, m.recipients,
  m.subject, m.text_body, m.html_body, m.read, m.created_at,
  (select coalesce(jsonb_agg(jsonb_build_object('ordinal', a.ordinal, 'filename', a.filename,
            'contentType', a.content_type, 'size', octet_length(a.content)) order by a.ordinal), '[]')
     from _mailbox.attachments a where a.message_id = m.id) as attachments`;

/** The mailbox's messages in Postgres (_mailbox.messages). */
export class MessageStore {
  private constructor(private readonly pool: pg.Pool) {}

  static async open(pool: pg.Pool): Promise<MessageStore> {
    await pool.query(schemaSql);
    return new MessageStore(pool);
  }

  async add(message: NewMessage): Promise<StoredMessage> {
    if (!message.attachments?.length) return insertMessage(this.pool, message);
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const stored = await insertMessage(client, message);
      await client.query('commit');
      return stored;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Adds `message` once per `key` within `keptFor` (an SQL interval, from the key's first use): a
   * later request with the key and the same `fingerprint` gets the first message's id and adds
   * nothing, one with another fingerprint gets 'mismatch', and one made while a request with the
   * key is being handled gets 'in_progress'.
   */
  async addOnce(
    key: string,
    fingerprint: string,
    message: NewMessage,
    keptFor: string,
  ): Promise<KeyedAdd> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const { rows: locked } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as ok',
        [idempotencyLockName(key)],
      );
      if (!locked[0]?.ok) {
        await client.query('rollback');
        return { outcome: 'in_progress' };
      }
      await client.query(
        'delete from _mailbox.idempotency_keys where created_at <= now() - $1::interval',
        [keptFor],
      );
      const { rows: earlier } = await client.query<{ fingerprint: string; message_id: string }>(
        'select fingerprint, message_id from _mailbox.idempotency_keys where key = $1',
        [key],
      );
      let result: KeyedAdd;
      if (earlier[0]) {
        result =
          earlier[0].fingerprint === fingerprint
            ? { outcome: 'repeated', id: earlier[0].message_id }
            : { outcome: 'mismatch' };
      } else {
        const stored = await insertMessage(client, message);
        await client.query(
          'insert into _mailbox.idempotency_keys (key, fingerprint, message_id) values ($1, $2, $3)',
          [key, fingerprint, stored.id],
        );
        result = { outcome: 'added', id: stored.id };
      }
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Newest first; `query` is Mailpit's search syntax (see searchCondition). */
  async list(options: { start: number; limit: number; query?: string }): Promise<MessagePage> {
    const params: unknown[] = [];
    const condition = options.query ? searchCondition(options.query, params) : 'true';
    const counts = await this.pool.query<{ total: number; unread: number; matching: number }>(
      `select count(*)::int as total, (count(*) filter (where not read))::int as unread,
              (count(*) filter (where ${condition}))::int as matching
         from _mailbox.messages`,
      params,
    );
    const page = await this.pool.query<MessageRow>(
      `select ${columnsWithAttachments} from _mailbox.messages m where ${condition}
        order by seq desc offset $${params.length + 1} limit $${params.length + 2}`,
      [...params, options.start, options.limit],
    );
    const { total = 0, unread = 0, matching = 0 } = counts.rows[0] ?? {};
    return { total, unread, matching, messages: page.rows.map(fromRow) };
  }

  /** One message by ID ('latest' is the newest), marked read as Mailpit does when it is opened. */
  async open(id: string): Promise<StoredMessage | undefined> {
    const { rows } = await this.pool.query<MessageRow>(
      `update _mailbox.messages m set read = true
        where seq = (select seq from _mailbox.messages
                      where ($1 = 'latest' or id = $1) order by seq desc limit 1)
        returning ${columnsWithAttachments}`,
      [id],
    );
    return rows[0] && fromRow(rows[0]);
  }

  /** One attachment of a message ('latest' is the newest), leaving the message's read state. */
  async attachment(
    id: string,
    ordinal: number,
  ): Promise<(NewAttachment & { ordinal: number }) | undefined> {
    const { rows } = await this.pool.query<{
      filename: string;
      content_type: string;
      content: Buffer;
    }>(
      `select a.filename, a.content_type, a.content from _mailbox.attachments a
        where a.ordinal = $2
          and a.message_id = (select id from _mailbox.messages
                               where ($1 = 'latest' or id = $1) order by seq desc limit 1)`,
      [id, ordinal],
    );
    const row = rows[0];
    return (
      row && {
        ordinal,
        filename: row.filename,
        contentType: row.content_type,
        content: row.content,
      }
    );
  }

  async setRead(ids: string[] | undefined, read: boolean): Promise<void> {
    await this.pool.query(
      'update _mailbox.messages set read = $1 where $2::text[] is null or id = any($2)',
      [read, ids ?? null],
    );
  }

  /** Deletes the given messages, or every message. */
  async delete(ids?: string[]): Promise<void> {
    // Attachments go with their messages: by the foreign key's cascade, or truncated together.
    if (ids) await this.pool.query('delete from _mailbox.messages where id = any($1)', [ids]);
    else await this.pool.query('truncate _mailbox.messages, _mailbox.attachments');
  }
}

/** Inserts the message and its attachments; with attachments, `db` must be in a transaction. */
async function insertMessage(
  db: pg.Pool | pg.PoolClient,
  message: NewMessage,
): Promise<StoredMessage> {
  // Mailpit's IDs are 22 URL-safe characters too.
  const id = randomBytes(16).toString('base64url');
  const { rows } = await db.query<MessageRow>(
    `insert into _mailbox.messages (id, message_id, from_name, from_address, recipients, subject, text_body, html_body)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${columns}`,
    [
      id,
      `${id}@mailbox.local`,
      message.from.Name,
      message.from.Address,
      JSON.stringify(message.to),
      message.subject,
      message.text,
      message.html,
    ],
  );
  const attachments = message.attachments ?? [];
  for (const [index, attachment] of attachments.entries()) {
    await db.query(
      `insert into _mailbox.attachments (message_id, ordinal, filename, content_type, content)
       values ($1, $2, $3, $4, $5)`,
      [id, index + 1, attachment.filename, attachment.contentType, attachment.content],
    );
  }
  return {
    ...fromRow(rows[0] as MessageRow),
    attachments: attachments.map((attachment, index) => ({
      ordinal: index + 1,
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.content.length,
    })),
  };
}

/** The advisory lock held while a request with this idempotency key is handled. */
export function idempotencyLockName(key: string): string {
  return `_mailbox.idempotency_keys/${key}`;
}

function fromRow(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    messageId: row.message_id,
    from: { Name: row.from_name, Address: row.from_address },
    to: row.recipients,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    read: row.read,
    created: row.created_at,
    attachments: row.attachments ?? [],
  };
}

/**
 * A subset of Mailpit's search syntax: `to:`, `from:`, `subject:` (values may be "quoted"),
 * `is:read`, `is:unread`, and plain words found anywhere. Every term must match. Values are bound
 * parameters appended to `params`.
 */
export function searchCondition(query: string, params: unknown[]): string {
  const conditions: string[] = [];
  const like = (value: string) => {
    params.push(`%${value.replace(/[\\%_]/g, '\\$&')}%`);
    return `$${params.length}`;
  };
  for (const [, field = '', quoted, bare] of query.matchAll(/(?:(\w+):)?(?:"([^"]*)"|(\S+))/g)) {
    const value = quoted ?? bare ?? '';
    const key = field.toLowerCase();
    if (key === 'to') conditions.push(`${recipientsText} ilike ${like(value)}`);
    else if (key === 'from')
      conditions.push(`(from_name || ' ' || from_address) ilike ${like(value)}`);
    else if (key === 'subject') conditions.push(`subject ilike ${like(value)}`);
    else if (key === 'is' && value.toLowerCase() === 'read') conditions.push('read');
    else if (key === 'is' && value.toLowerCase() === 'unread') conditions.push('not read');
    else {
      const term = field ? `${field}:${value}` : value;
      conditions.push(
        `concat_ws(' ', subject, text_body, html_body, from_name, from_address, ${recipientsText}) ilike ${like(term)}`,
      );
    }
  }
  return conditions.length > 0
    ? conditions.map((condition) => `(${condition})`).join(' and ')
    : 'true';
}
