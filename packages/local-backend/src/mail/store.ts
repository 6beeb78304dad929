import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { MailAddress } from './addresses';

export interface NewMessage {
  from: MailAddress;
  to: MailAddress[];
  subject: string;
  text: string;
  html: string;
}

export interface StoredMessage extends NewMessage {
  id: string;
  messageId: string;
  read: boolean;
  created: Date;
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
);`;

const recipientsText = `(select string_agg((r ->> 'Name') || ' ' || (r ->> 'Address'), ' ')
  from jsonb_array_elements(recipients) as r)`;

const columns =
  'id, message_id, from_name, from_address, recipients, subject, text_body, html_body, read, created_at';

/** The mailbox's messages in Postgres (_mailbox.messages). */
export class MessageStore {
  private constructor(private readonly pool: pg.Pool) {}

  static async open(pool: pg.Pool): Promise<MessageStore> {
    await pool.query(schemaSql);
    return new MessageStore(pool);
  }

  async add(message: NewMessage): Promise<StoredMessage> {
    return insertMessage(this.pool, message);
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
      `select ${columns} from _mailbox.messages where ${condition}
        order by seq desc offset $${params.length + 1} limit $${params.length + 2}`,
      [...params, options.start, options.limit],
    );
    const { total = 0, unread = 0, matching = 0 } = counts.rows[0] ?? {};
    return { total, unread, matching, messages: page.rows.map(fromRow) };
  }

  /** One message by ID ('latest' is the newest), marked read as Mailpit does when it is opened. */
  async open(id: string): Promise<StoredMessage | undefined> {
    const { rows } = await this.pool.query<MessageRow>(
      `update _mailbox.messages set read = true
        where seq = (select seq from _mailbox.messages
                      where ($1 = 'latest' or id = $1) order by seq desc limit 1)
        returning ${columns}`,
      [id],
    );
    return rows[0] && fromRow(rows[0]);
  }

  async setRead(ids: string[] | undefined, read: boolean): Promise<void> {
    await this.pool.query(
      'update _mailbox.messages set read = $1 where $2::text[] is null or id = any($2)',
      [read, ids ?? null],
    );
  }

  /** Deletes the given messages, or every message. */
  async delete(ids?: string[]): Promise<void> {
    if (ids) await this.pool.query('delete from _mailbox.messages where id = any($1)', [ids]);
    else await this.pool.query('truncate _mailbox.messages');
  }
}

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
  return fromRow(rows[0] as MessageRow);
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
