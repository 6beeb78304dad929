import pg from 'pg';
import type { Db } from './context';

export type Metadata = Record<string, unknown>;

/** The auth.users columns the API reads. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  phone_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Metadata | null;
  raw_user_meta_data: Metadata | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Metadata;
  provider: string;
  email: string | null;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
  phone: string | null;
}

/** GoTrue's instance id for single-tenant projects (seeds and triggers may check it). */
export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

const userColumnNames = [
  'id',
  'aud',
  'role',
  'email',
  'phone',
  'encrypted_password',
  'email_confirmed_at',
  'invited_at',
  'phone_confirmed_at',
  'confirmation_sent_at',
  'confirmed_at',
  'recovery_sent_at',
  'email_change',
  'email_change_sent_at',
  'phone_change',
  'phone_change_sent_at',
  'reauthentication_sent_at',
  'last_sign_in_at',
  'raw_app_meta_data',
  'raw_user_meta_data',
  'created_at',
  'updated_at',
  'banned_until',
  'deleted_at',
  'is_anonymous',
] as const;

const userColumns = userColumnNames.join(', ');

/** The user columns qualified by `alias`, for statements that read the user beside other tables. */
export function userColumnsOf(alias: string): string {
  return userColumnNames.map((column) => `${alias}.${column}`).join(', ');
}

/**
 * The auth.users columns GoTrue reads into Go strings, in the (alphabetical) order it selects them:
 * a NULL in any of them makes reading the row fail ("converting NULL to string is unsupported"), so
 * the account cannot sign in on hosted Supabase. Found here, it fails the same way.
 */
const stringColumns = [
  'confirmation_token',
  'email_change',
  'email_change_token_current',
  'email_change_token_new',
  'phone_change',
  'phone_change_token',
  'reauthentication_token',
  'recovery_token',
] as const;

/** The `null_string_columns` that readableUser checks, of the row `alias` names (if any). */
export function nullStringColumnsOf(alias?: string): string {
  const of = alias ? `${alias}.` : '';
  return `array_remove(array[${stringColumns
    .map((column) => `case when ${of}${column} is null then '${column}' end`)
    .join(', ')}], null) as null_string_columns`;
}

const nullStringColumns = nullStringColumnsOf();

/** A user row GoTrue could not read: NULL in a column it reads as a string. */
export class UnreadableUserError extends Error {
  /** What the endpoint answers; GoTrue's wording differs by endpoint (see `answer`). */
  answer = 'Unexpected failure, please check server logs for more information';

  constructor(
    readonly userId: string,
    readonly email: string | null,
    readonly columns: string[],
  ) {
    super(
      `auth.users row ${userId}${email ? ` (${email})` : ''} has NULL in ${columns.join(', ')}: ` +
        "GoTrue reads these columns as strings and fails on NULL, so this account cannot sign in on hosted Supabase either; write '' instead",
    );
  }

  /** The database driver's error as GoTrue reports it where it passes it on (a token refresh). */
  get scanError(): string {
    return `sql: Scan error on column "${this.columns[0] ?? ''}": converting NULL to string is unsupported`;
  }
}

/** The row read with nullStringColumnsOf; UnreadableUserError when GoTrue could not read it. */
export function readableUser(row: (UserRow & { null_string_columns?: string[] }) | undefined) {
  if (!row) return undefined;
  const { null_string_columns: nullColumns = [], ...user } = row;
  if (nullColumns.length > 0) throw new UnreadableUserError(user.id, user.email, nullColumns);
  return user as UserRow;
}

const uuidFormat = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidFormat.test(value);
}

export async function findUserById(
  db: Db,
  id: string,
  options: { lock?: boolean; includeDeleted?: boolean } = {},
): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<UserRow>(
    `select ${userColumns}, ${nullStringColumns}
       from auth.users where id = $1${options.includeDeleted ? '' : ' and deleted_at is null'}${
         options.lock ? ' for update' : ''
       }`,
    [id],
  );
  return readableUser(rows[0]);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns}, ${nullStringColumns} from auth.users
      where lower(email) = lower($1) and is_sso_user = false and deleted_at is null
      order by created_at limit 1`,
    [email],
  );
  return readableUser(rows[0]);
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  confirmed: boolean;
  provider: string;
  /** The provider's subject id (`sub` in identity_data); the user's own id for e-mail. */
  providerId?: string;
  /** identity_data of the first identity; also merged into user_metadata, as GoTrue does. */
  identityData: Metadata;
  userMetadata: Metadata;
  /** A chosen id (the admin API's `id`); a random one otherwise. */
  id?: string;
  /** user_metadata exactly as given, without the identity's data (users the admin API creates). */
  userMetadataOnly?: boolean;
}

/**
 * Inserts the user with its app_metadata and first identity in one go, so `after insert` triggers on
 * auth.users (profiles from raw_user_meta_data) see the finished row. The string columns get '' as
 * GoTrue writes them (four of them have no default).
 */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const id = user.id ?? crypto.randomUUID();
  const providerId = user.providerId ?? id;
  const identityData = { ...user.identityData, sub: providerId };
  const userMetadata = user.userMetadataOnly
    ? user.userMetadata
    : { ...user.userMetadata, ...identityData };
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous,
       ${stringColumns.join(', ')})
     values ($1, $2, 'authenticated', 'authenticated', $3, $4, case when $5 then now() end, $6, $7, now(),
       now(), false, ${stringColumns.map(() => "''").join(', ')})
     returning ${userColumns}`,
    [
      INSTANCE_ID,
      id,
      user.email,
      user.passwordHash ?? '',
      user.confirmed,
      { provider: user.provider, providers: [user.provider] },
      userMetadata,
    ],
  );
  await insertIdentity(db, id, user.provider, providerId, identityData);
  return rows[0] as UserRow;
}

/** An anonymous user: no address, no identity, empty app_metadata, as GoTrue creates one. */
export async function insertAnonymousUser(db: Db, userMetadata: Metadata): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, is_anonymous, ${stringColumns.join(', ')})
     values ($1, $2, 'authenticated', 'authenticated', '', '{}', $3, now(), now(), true,
       ${stringColumns.map(() => "''").join(', ')})
     returning ${userColumns}`,
    [INSTANCE_ID, crypto.randomUUID(), userMetadata],
  );
  return rows[0] as UserRow;
}

/** Re-derives app_metadata's provider/providers from the user's identities, oldest first. */
export async function syncProviders(db: Db, userId: string): Promise<void> {
  await db.query(
    `update auth.users u
        set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
              'providers', coalesce(p.providers, '[]'::jsonb))
            || case when p.providers is null then '{}'::jsonb
                    else jsonb_build_object('provider', p.providers -> 0) end,
            updated_at = now()
       from (select (select jsonb_agg(provider order by first_created)
                       from (select provider, min(created_at) as first_created
                               from auth.identities where user_id = $1 group by provider) firsts)
                      as providers) p
      where u.id = $1`,
    [userId],
  );
}

export async function insertIdentity(
  db: Db,
  userId: string,
  provider: string,
  providerId: string,
  identityData: Metadata,
): Promise<void> {
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at,
       created_at, updated_at)
     values ($1, $2, $3, $4, now(), now(), now())`,
    [providerId, userId, identityData, provider],
  );
}

/** Marks the e-mail address verified, in the user, its metadata and its e-mail identity. */
export async function confirmEmail(db: Db, userId: string): Promise<void> {
  await db.query(
    `update auth.users
        set email_confirmed_at = coalesce(email_confirmed_at, now()),
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb)
              || '{"email_verified": true}'::jsonb,
            updated_at = now()
      where id = $1`,
    [userId],
  );
  await db.query(
    `update auth.identities
        set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** Applies `changes` to user_metadata the way GoTrue does: top-level keys set, null removes a key. */
export function mergeMetadata(current: Metadata | null, changes: Metadata): Metadata {
  const merged = new Map(Object.entries(current ?? {}));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}

function timestamp(value: Date | null | undefined): string | undefined {
  return value ? value.toISOString() : undefined;
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return value ? value : undefined;
}

const identityColumns = [
  'id',
  'provider_id',
  'user_id',
  'identity_data',
  'provider',
  'email',
  'last_sign_in_at',
  'created_at',
  'updated_at',
] as const;
const identityTimestamps = ['last_sign_in_at', 'created_at', 'updated_at'] as const;

const factorColumns = [
  'id',
  'friendly_name',
  'factor_type',
  'status',
  'created_at',
  'updated_at',
  'last_challenged_at',
  'phone',
] as const;
const factorTimestamps = ['created_at', 'updated_at', 'last_challenged_at'] as const;

/**
 * A JSON array of `columns` of the rows of `from`, in `order`. Timestamps go as their text, which
 * rowsFromJson reads with the driver's own parser, so each arrives as the same Date a row would.
 */
function jsonRowsSql(
  columns: readonly string[],
  timestamps: readonly string[],
  from: string,
  order: string,
): string {
  const fields = columns
    .map((column) => `'${column}', ${column}${timestamps.includes(column) ? '::text' : ''}`)
    .join(', ');
  return `(select coalesce(json_agg(json_build_object(${fields}) order by ${order}), '[]'::json)
             from ${from})`;
}

/** The columns userJson reads of an identity, qualified by `alias`. */
export function identityColumnsOf(alias: string): string {
  return identityColumns.map((column) => `${alias}.${column}`).join(', ');
}

/** The identities `from` selects (auth.identities or rows of it), as userJson lists them. */
export function identitiesJsonSql(from: string): string {
  return jsonRowsSql(identityColumns, identityTimestamps, from, 'created_at, id');
}

/** The user's factors as userJson lists them; `userId` is an SQL expression. */
export function factorsJsonSql(userId: string): string {
  return jsonRowsSql(
    factorColumns,
    factorTimestamps,
    `auth.mfa_factors where user_id = ${userId}`,
    'created_at, id',
  );
}

const parseTimestamp = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text');

function rowsFromJson<T>(rows: Record<string, unknown>[], timestamps: readonly string[]): T[] {
  return rows.map((row) => {
    const parsed = { ...row };
    for (const column of timestamps) {
      const value = row[column];
      parsed[column] = typeof value === 'string' ? parseTimestamp(value) : null;
    }
    return parsed as T;
  });
}

export function identitiesFromJson(rows: Record<string, unknown>[]): IdentityRow[] {
  return rowsFromJson(rows, identityTimestamps);
}

export function factorsFromJson(rows: Record<string, unknown>[]): FactorRow[] {
  return rowsFromJson(rows, factorTimestamps);
}

/** The user object of GoTrue's API: '' for a missing email/phone, null timestamps left out. */
export async function userJson(db: Db, user: UserRow): Promise<Record<string, unknown>> {
  const [identities, factors] = await Promise.all([
    db.query<IdentityRow>(
      `select ${identityColumns.join(', ')}
         from auth.identities where user_id = $1 order by created_at, id`,
      [user.id],
    ),
    db.query<FactorRow>(
      `select ${factorColumns.join(', ')}
         from auth.mfa_factors where user_id = $1 order by created_at, id`,
      [user.id],
    ),
  ]);
  return userJsonOf(user, identities.rows, factors.rows);
}

/** userJson of a user whose identities and factors were read already (in their order). */
export function userJsonOf(
  user: UserRow,
  identities: IdentityRow[],
  factors: FactorRow[],
): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: timestamp(user.email_confirmed_at),
    invited_at: timestamp(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: timestamp(user.phone_confirmed_at),
    confirmation_sent_at: timestamp(user.confirmation_sent_at),
    confirmed_at: timestamp(user.confirmed_at),
    recovery_sent_at: timestamp(user.recovery_sent_at),
    new_email: nonEmpty(user.email_change),
    email_change_sent_at: timestamp(user.email_change_sent_at),
    new_phone: nonEmpty(user.phone_change),
    phone_change_sent_at: timestamp(user.phone_change_sent_at),
    reauthentication_sent_at: timestamp(user.reauthentication_sent_at),
    last_sign_in_at: timestamp(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    factors: factors.length ? factors.map(factorJson) : undefined,
    identities: identities.map(identityJson),
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    banned_until: timestamp(user.banned_until),
    deleted_at: timestamp(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
  return Object.fromEntries(Object.entries(json).filter(([, value]) => value !== undefined));
}

/** GoTrue swaps the names on purpose: `identity_id` is the row, `id` the provider's subject. */
function identityJson(identity: IdentityRow): Record<string, unknown> {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: timestamp(identity.last_sign_in_at) ?? null,
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
    ...(identity.email ? { email: identity.email } : {}),
  };
}

export function factorJson(factor: FactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    last_challenged_at: timestamp(factor.last_challenged_at) ?? null,
    phone: factor.phone ?? '',
  };
}
