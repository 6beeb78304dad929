-- The xAPI 1.0.3 Learning Record Store (DESIGN.md section 7, docs/learning-records.md):
--   * LRS clients: Basic key and secret, issued by admins at aal2, the secret kept only as a hash;
--   * xapi.statements: every statement as stored, immutable but for being voided, with the columns
--     the statement filters need; in a schema no API role may enter;
--   * xapi.documents: the state, activity profile and agent profile documents, with their ETags;
--   * the functions the edge function `xapi` calls with the secret key, each checking the client.

-- LRS clients -------------------------------------------------------------------------------------

-- xAPI's scope names (xAPI-Communication 4.2), in the order the spec lists them.
create function private.lrs_scope_names() returns text[]
language sql immutable set search_path = '' as $$
  select array['statements/write', 'statements/read/mine', 'statements/read', 'state', 'profile',
    'all/read', 'all']::text[];
$$;

-- The secret is 32 random bytes made here, so an unsalted SHA-256 is enough: no dictionary holds it,
-- and the lookup stays one indexed equality on the key.
create function private.lrs_secret_hash(secret text) returns text
language sql immutable set search_path = '' as $$
  select encode(sha256(convert_to(coalesce(secret, ''), 'UTF8')), 'hex');
$$;

create table public.lrs_clients (
  id uuid primary key default gen_random_uuid(),
  name text not null
    check (name = btrim(name) and char_length(name) between 2 and 200 and name !~ '[[:cntrl:]]'),
  -- The Basic user name: 16 random bytes in hex, not a secret (it names the client in `authority`).
  key text not null unique check (key ~ '^[0-9a-f]{32}$'),
  secret_hash text not null check (secret_hash ~ '^[0-9a-f]{64}$'),
  scopes text[] not null check (
    cardinality(scopes) > 0
    and scopes <@ array['statements/write', 'statements/read/mine', 'statements/read', 'state',
      'profile', 'all/read', 'all']::text[]
  ),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index lrs_clients_created_at_idx on public.lrs_clients (created_at desc);
create index lrs_clients_created_by_idx on public.lrs_clients (created_by);

-- Nobody reads the table through the API, the service role included: admins list clients through
-- admin_lrs_clients(), and the edge function checks credentials through lrs_authenticate().
alter table public.lrs_clients enable row level security;
revoke all on public.lrs_clients from public, anon, authenticated, service_role;

-- A client as the admin list shows it, without the secret's hash. Read only through the functions
-- below; no API role is granted the view.
create view public.admin_lrs_client_list with (security_invoker = true) as
  select c.id, c.name, c.key, c.scopes, c.created_at, creator.email::text as created_by_email,
    c.revoked_at
  from public.lrs_clients c
  left join auth.users creator on creator.id = c.created_by;
revoke all on public.admin_lrs_client_list from public, anon, authenticated, service_role;

-- Admins issue a client; the secret exists only in this answer, beside the client as listed (its
-- key is the list's `key`).
create function public.create_lrs_client(name text, scopes text[])
returns table (secret text, lrs_client public.admin_lrs_client_list)
language plpgsql volatile security definer set search_path = '' as $$
declare
  client_name text := btrim(create_lrs_client.name);
  unknown text;
  granted text[];
  plain_secret text := encode(extensions.gen_random_bytes(32), 'hex');
  issued public.lrs_clients;
begin
  perform private.assert_admin();
  if client_name is null or char_length(client_name) not between 2 and 200
     or client_name ~ '[[:cntrl:]]' then
    raise exception 'Name must be 2 to 200 characters' using errcode = '22023';
  end if;
  if create_lrs_client.scopes is null or cardinality(create_lrs_client.scopes) = 0 then
    raise exception 'Choose at least one scope' using errcode = '22023';
  end if;
  select coalesce(scope, '(blank)') into unknown
  from unnest(create_lrs_client.scopes) as requested (scope)
  where scope is null or not (scope = any (private.lrs_scope_names()))
  limit 1;
  if found then
    raise exception 'Unknown scope: %', unknown using errcode = '22023';
  end if;
  -- Each scope once, in the spec's order.
  granted := array(
    select scope from unnest(private.lrs_scope_names()) with ordinality as known (scope, place)
    where scope = any (create_lrs_client.scopes)
    order by place
  );
  insert into public.lrs_clients (name, key, secret_hash, scopes, created_by)
  values (client_name, encode(extensions.gen_random_bytes(16), 'hex'),
    private.lrs_secret_hash(plain_secret), granted, auth.uid())
  returning * into issued;
  return query select plain_secret, l from public.admin_lrs_client_list l where l.id = issued.id;
end;
$$;

-- Revoking is final: the client's credentials stop working at once; its statements stay.
create function public.revoke_lrs_client(client_id uuid) returns setof public.admin_lrs_client_list
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.lrs_clients;
begin
  perform private.assert_admin();
  select * into target from public.lrs_clients where id = client_id for update;
  if not found then
    raise exception 'LRS client not found' using errcode = 'PT404';
  end if;
  if target.revoked_at is not null then
    raise exception 'This LRS client is already revoked' using errcode = 'PT409';
  end if;
  update public.lrs_clients set revoked_at = now() where id = client_id;
  return query select l.* from public.admin_lrs_client_list l where l.id = client_id;
end;
$$;

-- The admin list, newest first.
create function public.admin_lrs_clients() returns setof public.admin_lrs_client_list
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.assert_admin();
  return query select l.* from public.admin_lrs_client_list l order by l.created_at desc, l.id;
end;
$$;

-- A live client with this key and secret: its id, name, key and scopes; no row otherwise.
create function public.lrs_authenticate(key text, secret text)
returns table (client_id uuid, client_name text, client_key text, scopes text[])
language sql stable security definer set search_path = '' as $$
  select c.id, c.name, c.key, c.scopes
  from public.lrs_clients c
  where c.key = lrs_authenticate.key
    and c.secret_hash = private.lrs_secret_hash(lrs_authenticate.secret)
    and c.revoked_at is null;
$$;

create function private.audit_lrs_client() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.audit(
    case tg_op when 'INSERT' then 'create_lrs_client' else 'revoke_lrs_client' end,
    null, new.id, jsonb_build_object('name', new.name, 'key', new.key, 'scopes', new.scopes));
  return null;
end;
$$;
create trigger audit_lrs_client_created after insert on public.lrs_clients
  for each row when (private.audited_caller())
  execute function private.audit_lrs_client();
create trigger audit_lrs_client_revoked after update of revoked_at on public.lrs_clients
  for each row when (old.revoked_at is null and new.revoked_at is not null and private.audited_caller())
  execute function private.audit_lrs_client();

-- Statements ---------------------------------------------------------------------------------------

create schema xapi;
revoke all on schema xapi from public, anon, authenticated, service_role;

-- An Agent's or Identified Group's inverse functional identifier, written one way
-- (docs/learning-records.md); null for an anonymous Group or anything else.
create function private.xapi_agent_key(agent jsonb) returns text
language sql immutable set search_path = '' as $$
  select case
    when jsonb_typeof(agent) <> 'object' then null
    when jsonb_typeof(agent -> 'mbox') = 'string' then 'mbox:' || (agent ->> 'mbox')
    when jsonb_typeof(agent -> 'mbox_sha1sum') = 'string'
      then 'mbox_sha1sum:' || lower(agent ->> 'mbox_sha1sum')
    when jsonb_typeof(agent -> 'openid') = 'string' then 'openid:' || (agent ->> 'openid')
    when jsonb_typeof(agent -> 'account') = 'object'
      then 'account:' || (agent -> 'account' ->> 'homePage') || ' ' || (agent -> 'account' ->> 'name')
  end;
$$;

-- The keys an Agent or Group answers to in the agent filter: its own, and a Group's members'.
create function private.xapi_agent_keys(agent jsonb) returns text[]
language sql immutable set search_path = '' as $$
  select array(
    select k from (
      select private.xapi_agent_key(agent) as k
      union
      select private.xapi_agent_key(member)
      from jsonb_array_elements(
        case when jsonb_typeof(agent -> 'member') = 'array' then agent -> 'member' else '[]' end
      ) as members (member)
    ) as keys
    where k is not null
  );
$$;

-- The object, when it is an Agent or a Group (objectType says so; an object without one is an
-- Activity).
create function private.xapi_object_agent(statement jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select case when statement -> 'object' ->> 'objectType' in ('Agent', 'Group')
    then statement -> 'object' end;
$$;

create function private.xapi_object_activity_id(statement jsonb) returns text
language sql immutable set search_path = '' as $$
  select case when coalesce(statement -> 'object' ->> 'objectType', 'Activity') = 'Activity'
    then statement -> 'object' ->> 'id' end;
$$;

-- The agent filter's match: the actor or the object.
create function private.xapi_statement_agent_keys(statement jsonb) returns text[]
language sql immutable set search_path = '' as $$
  select private.xapi_agent_keys(statement -> 'actor')
    || private.xapi_agent_keys(private.xapi_object_agent(statement));
$$;

-- related_agents: also the authority, the context's instructor and team, and all of those in a
-- SubStatement object.
create function private.xapi_related_agent_keys(statement jsonb) returns text[]
language sql immutable set search_path = '' as $$
  select array(
    select distinct k from unnest(
      private.xapi_statement_agent_keys(statement)
      || private.xapi_agent_keys(statement -> 'authority')
      || private.xapi_agent_keys(statement -> 'context' -> 'instructor')
      || private.xapi_agent_keys(statement -> 'context' -> 'team')
      || case when statement -> 'object' ->> 'objectType' = 'SubStatement' then
        private.xapi_statement_agent_keys(statement -> 'object')
        || private.xapi_agent_keys(statement -> 'object' -> 'context' -> 'instructor')
        || private.xapi_agent_keys(statement -> 'object' -> 'context' -> 'team')
      else '{}'::text[] end
    ) as keys (k)
  );
$$;

-- The ids in a context's contextActivities (each an Activity or, as 1.0.3 still accepts, an array).
create function private.xapi_context_activity_ids(context jsonb) returns text[]
language sql immutable set search_path = '' as $$
  select array(
    select activity ->> 'id'
    from jsonb_each(
      case when jsonb_typeof(context -> 'contextActivities') = 'object'
        then context -> 'contextActivities' else '{}' end
    ) as kinds (kind, activities)
    cross join lateral jsonb_array_elements(
      case jsonb_typeof(activities) when 'array' then activities when 'object'
        then jsonb_build_array(activities) else '[]' end
    ) as listed (activity)
    where jsonb_typeof(activity -> 'id') = 'string'
  );
$$;

-- related_activities: the object, the context activities, and those of a SubStatement object.
create function private.xapi_related_activity_ids(statement jsonb) returns text[]
language sql immutable set search_path = '' as $$
  select array(
    select distinct id from unnest(
      array[private.xapi_object_activity_id(statement)]
      || private.xapi_context_activity_ids(statement -> 'context')
      || case when statement -> 'object' ->> 'objectType' = 'SubStatement' then
        array[private.xapi_object_activity_id(statement -> 'object')]
        || private.xapi_context_activity_ids(statement -> 'object' -> 'context')
      else '{}'::text[] end
    ) as ids (id)
    where id is not null
  );
$$;

create function private.xapi_timestamp(moment timestamptz) returns text
language sql immutable set search_path = '' as $$
  select to_char(moment at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
$$;

-- A statement without what the LRS may set or serialise its own way (xAPI-Data 2.3.1): two
-- statements with one id are the same when these agree and their timestamps (if both have one)
-- name the same instant.
create function private.xapi_comparable(statement jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select statement - array['authority', 'stored', 'timestamp', 'version', 'attachments'];
$$;

create table xapi.statements (
  id uuid primary key,
  -- Paging and list order: an identity, so that the `more` cursor is exact where stored times tie.
  seq bigint generated always as identity unique,
  -- As stored: with id, timestamp, stored, authority and version.
  statement jsonb not null
    check (jsonb_typeof(statement) = 'object' and octet_length(statement::text) <= 1048576),
  stored timestamptz not null,
  -- The client whose credentials stored it (statements/read/mine reads these).
  lrs_client_id uuid references public.lrs_clients (id) on delete restrict,
  agent_keys text[] not null,
  related_agent_keys text[] not null,
  verb_id text not null check (char_length(verb_id) between 1 and 2048),
  activity_id text check (char_length(activity_id) between 1 and 2048),
  related_activity_ids text[] not null,
  registration uuid,
  -- The object's statement id when the object is a StatementRef.
  statement_ref uuid,
  voiding boolean generated always as (
    verb_id = 'http://adlnet.gov/expapi/verbs/voided' and statement_ref is not null
  ) stored,
  voided boolean not null default false,
  -- Any statement that voids another cannot itself be voided (xAPI-Data 2.3.2).
  constraint statements_voiding_is_never_voided check (not (voiding and voided))
);
create index statements_agent_keys_idx on xapi.statements using gin (agent_keys);
create index statements_related_agent_keys_idx on xapi.statements using gin (related_agent_keys);
create index statements_verb_idx on xapi.statements (verb_id, seq);
create index statements_activity_idx on xapi.statements (activity_id, seq);
create index statements_related_activity_ids_idx on xapi.statements using gin (related_activity_ids);
create index statements_registration_idx on xapi.statements (registration, seq)
  where registration is not null;
create index statements_stored_idx on xapi.statements (stored, seq);
create index statements_statement_ref_idx on xapi.statements (statement_ref)
  where statement_ref is not null;
create index statements_lrs_client_idx on xapi.statements (lrs_client_id, seq);

alter table xapi.statements enable row level security;
revoke all on xapi.statements from public, anon, authenticated, service_role;
revoke all on sequence xapi.statements_seq_seq from public, anon, authenticated, service_role;

-- Attachment data sent with statements (multipart/mixed), by the SHA-2 the statements name it by:
-- the same data is kept once however many statements carry it. Never changed or removed.
create table xapi.attachments (
  sha2 text primary key check (sha2 ~ '^([0-9a-f]{64}|[0-9a-f]{96}|[0-9a-f]{128})$'),
  content_type text not null check (char_length(content_type) between 1 and 255),
  content bytea not null check (octet_length(content) <= 1048576)
);
alter table xapi.attachments enable row level security;
revoke all on xapi.attachments from public, anon, authenticated, service_role;

-- Immutable for everyone, the owner included: a statement only ever goes from not voided to voided.
create function private.refuse_statement_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- A before trigger sees generated columns (voiding) unset in `new`; they follow the others.
  if tg_op = 'UPDATE' and not old.voided and new.voided
     and (to_jsonb(old) - array['voided', 'voiding']) = (to_jsonb(new) - array['voided', 'voiding']) then
    return new;
  end if;
  raise exception 'Statements are immutable' using errcode = '42501';
end;
$$;
create trigger statements_are_immutable before update or delete on xapi.statements
  for each row execute function private.refuse_statement_change();
create trigger statements_are_never_truncated before truncate on xapi.statements
  for each statement execute function private.refuse_statement_change();
create function private.refuse_attachment_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'Attachments are immutable' using errcode = '42501';
end;
$$;
create trigger attachments_are_immutable before update or delete on xapi.attachments
  for each row execute function private.refuse_attachment_change();
create trigger attachments_are_never_truncated before truncate on xapi.attachments
  for each statement execute function private.refuse_attachment_change();

-- A live client, or PT401.
create function private.lrs_live_client(client_id uuid) returns public.lrs_clients
language plpgsql stable set search_path = '' as $$
declare
  client public.lrs_clients;
begin
  select * into client from public.lrs_clients where id = client_id and revoked_at is null;
  if not found then
    raise exception 'Unknown or revoked LRS client' using errcode = 'PT401';
  end if;
  return client;
end;
$$;

-- The SHA-2 (256, 384 or 512, told by its length) of attachment data, in hex.
create function private.xapi_sha2(content bytea, hex_length integer) returns text
language sql immutable set search_path = '' as $$
  select encode(case hex_length when 64 then sha256(content) when 96 then sha384(content)
    else sha512(content) end, 'hex');
$$;

-- Stores a batch of statements the edge function has validated and given ids, all or none, and
-- answers their ids in order. A statement whose id is stored already is accepted without change when
-- it is the same statement, refused (PT409) otherwise. `attachments` is the data that came with the
-- batch: [{sha2, contentType, content (base64)}], each checked against its hash; every attachment
-- of a statement must have a fileUrl or its data here or already stored.
create function public.lrs_store_statements(
  client_id uuid,
  authority jsonb,
  statements jsonb,
  attachments jsonb default '[]'
)
returns uuid[]
language plpgsql volatile security definer set search_path = '' as $$
declare
  voided_verb constant text := 'http://adlnet.gov/expapi/verbs/voided';
  client public.lrs_clients := private.lrs_live_client(client_id);
  stored_at timestamptz := date_trunc('milliseconds', clock_timestamp());
  repeated text;
  item jsonb;
  statement_id uuid;
  existing xapi.statements;
  ref uuid;
  target xapi.statements;
  final jsonb;
  ids uuid[] := '{}';
  part jsonb;
  data bytea;
  missing text;
begin
  if not client.scopes && array['statements/write', 'all'] then
    raise exception 'This LRS client may not write statements' using errcode = '42501';
  end if;
  if jsonb_typeof(authority) is distinct from 'object' then
    raise exception 'The authority must be an Agent' using errcode = '22023';
  end if;
  if jsonb_typeof(statements) is distinct from 'array' or jsonb_array_length(statements) = 0 then
    raise exception 'Send at least one statement' using errcode = '22023';
  end if;
  select s ->> 'id' into repeated from jsonb_array_elements(statements) as batch (s)
  group by s ->> 'id' having count(*) > 1 limit 1;
  if found then
    raise exception 'The statement id % appears more than once in the batch', repeated
      using errcode = '22023';
  end if;

  if jsonb_typeof(coalesce(attachments, '[]')) <> 'array' then
    raise exception 'attachments must be an array' using errcode = '22023';
  end if;
  for part in select a from jsonb_array_elements(coalesce(attachments, '[]')) as given (a) loop
    data := decode(part ->> 'content', 'base64');
    if private.xapi_sha2(data, char_length(part ->> 'sha2')) is distinct from lower(part ->> 'sha2') then
      raise exception 'Attachment data does not match its hash %', part ->> 'sha2'
        using errcode = '22023';
    end if;
    insert into xapi.attachments (sha2, content_type, content)
    values (lower(part ->> 'sha2'), part ->> 'contentType', data)
    on conflict (sha2) do nothing;
  end loop;

  for item in select s from jsonb_array_elements(statements) with ordinality as batch (s, place)
    order by place
  loop
    if jsonb_typeof(item) is distinct from 'object' or jsonb_typeof(item -> 'id') is distinct from 'string' then
      raise exception 'Each statement must be an object with an id' using errcode = '22023';
    end if;
    statement_id := (item ->> 'id')::uuid;
    ids := ids || statement_id;

    select * into existing from xapi.statements where id = statement_id;
    if found then
      if private.xapi_comparable(existing.statement) <> private.xapi_comparable(item)
         or (item ? 'timestamp' and existing.statement ? 'timestamp'
           and (item ->> 'timestamp')::timestamptz <> (existing.statement ->> 'timestamp')::timestamptz) then
        raise exception 'A different statement is stored with the id %', statement_id
          using errcode = 'PT409';
      end if;
      continue;
    end if;

    select a ->> 'sha2' into missing
    from jsonb_array_elements(case when jsonb_typeof(item -> 'attachments') = 'array'
      then item -> 'attachments' else '[]' end) as listed (a)
    where not a ? 'fileUrl'
      and not exists (select 1 from xapi.attachments x where x.sha2 = lower(a ->> 'sha2'))
    limit 1;
    if found then
      raise exception 'Attachment % has neither a fileUrl nor its data', missing
        using errcode = '22023';
    end if;

    ref := case when item -> 'object' ->> 'objectType' = 'StatementRef'
      then (item -> 'object' ->> 'id')::uuid end;
    if item -> 'verb' ->> 'id' = voided_verb then
      if ref is null then
        raise exception 'A voiding statement''s object must be a StatementRef' using errcode = '22023';
      end if;
      -- The target may not have arrived yet: it is voided when it does (below).
      select * into target from xapi.statements where id = ref for update;
      if found then
        if target.voiding then
          raise exception 'Statement % voids another statement and cannot be voided', ref
            using errcode = '22023';
        end if;
        if not target.voided then
          update xapi.statements set voided = true where id = ref;
        end if;
      end if;
    end if;

    final := item || jsonb_build_object('stored', private.xapi_timestamp(stored_at),
      'authority', authority);
    if not final ? 'timestamp' then
      final := final || jsonb_build_object('timestamp', private.xapi_timestamp(stored_at));
    end if;
    if not final ? 'version' then
      final := final || jsonb_build_object('version', '1.0.0');
    end if;
    insert into xapi.statements (id, statement, stored, lrs_client_id, agent_keys,
      related_agent_keys, verb_id, activity_id, related_activity_ids, registration, statement_ref,
      voided)
    values (statement_id, final, stored_at, client.id, private.xapi_statement_agent_keys(final),
      private.xapi_related_agent_keys(final), final -> 'verb' ->> 'id',
      private.xapi_object_activity_id(final), private.xapi_related_activity_ids(final),
      (final -> 'context' ->> 'registration')::uuid, ref,
      not (final -> 'verb' ->> 'id' = voided_verb and ref is not null)
        and exists (select 1 from xapi.statements v where v.statement_ref = statement_id and v.voiding));
  end loop;
  return ids;
end;
$$;

-- {attachments: [...]} with the stored data of these statements' attachments when the query asks
-- for it (attachments: true); nothing otherwise.
create function private.xapi_attachment_data(query jsonb, statements jsonb) returns jsonb
language sql stable set search_path = '' as $$
  select case when coalesce((query ->> 'attachments')::boolean, false) then
    jsonb_build_object('attachments', coalesce((
      select jsonb_agg(jsonb_build_object('sha2', x.sha2, 'contentType', x.content_type,
        'content', translate(encode(x.content, 'base64'), E'\n', '')))
      from xapi.attachments x
      where x.sha2 in (
        select lower(a ->> 'sha2')
        from jsonb_array_elements(statements) as listed (s)
        cross join lateral jsonb_array_elements(case when jsonb_typeof(s -> 'attachments') = 'array'
          then s -> 'attachments' else '[]' end) as carried (a)
      )
    ), '[]'))
  else '{}'::jsonb end;
$$;

-- Reads statements for a client. `query` holds the Statement Resource's parameters as the edge
-- function parsed them: statementId or voidedStatementId for one statement ({statement}, null when
-- there is none the client may read), else the filters agent (an Agent or Group object), verb,
-- activity, registration, related_activities, related_agents, since, until, limit, ascending and
-- more (the cursor this function answered), for {statements, more}. Both answers carry
-- consistent_through, and with attachments: true the data of the statements' attachments
-- ([{sha2, contentType, content (base64)}]). The answer is jsonb because statements are JSON
-- documents in any case.
create function public.lrs_statements(client_id uuid, query jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  max_page constant integer := 100;
  client public.lrs_clients := private.lrs_live_client(client_id);
  -- statements/read/mine: only what this client stored.
  only_client uuid;
  consistent_through text := private.xapi_timestamp(statement_timestamp());
  found_statement jsonb;
  agent_key text;
  related_agents boolean;
  related_activities boolean;
  ascending boolean;
  page_size integer;
  cursor_seq bigint;
  conditions text[] := '{}';
  matching text;
  page jsonb;
  has_more boolean;
  last_seq bigint;
begin
  if client.scopes && array['statements/read', 'all/read', 'all'] then
    only_client := null;
  elsif 'statements/read/mine' = any (client.scopes) then
    only_client := client.id;
  else
    raise exception 'This LRS client may not read statements' using errcode = '42501';
  end if;
  if jsonb_typeof(query) is distinct from 'object' then
    raise exception 'The query must be an object' using errcode = '22023';
  end if;

  if query ? 'statementId' or query ? 'voidedStatementId' then
    if query ? 'statementId' and query ? 'voidedStatementId' then
      raise exception 'Use statementId or voidedStatementId, not both' using errcode = '22023';
    end if;
    select s.statement into found_statement from xapi.statements s
    where s.id = coalesce(query ->> 'statementId', query ->> 'voidedStatementId')::uuid
      and s.voided = (query ? 'voidedStatementId')
      and (only_client is null or s.lrs_client_id = only_client);
    return jsonb_build_object('statement', found_statement,
      'consistent_through', consistent_through)
      || private.xapi_attachment_data(query, jsonb_build_array(found_statement));
  end if;

  related_agents := coalesce((query ->> 'related_agents')::boolean, false);
  related_activities := coalesce((query ->> 'related_activities')::boolean, false);
  ascending := coalesce((query ->> 'ascending')::boolean, false);
  page_size := coalesce((query ->> 'limit')::integer, 0);
  if page_size < 0 then
    raise exception 'limit must be a nonnegative integer' using errcode = '22023';
  end if;
  if page_size = 0 or page_size > max_page then
    page_size := max_page;
  end if;
  if query ? 'more' then
    if coalesce(query ->> 'more', '') !~ '^[0-9]{1,18}$' then
      raise exception 'more is not a cursor this LRS answered' using errcode = '22023';
    end if;
    cursor_seq := (query ->> 'more')::bigint;
  end if;
  if query ? 'agent' then
    agent_key := private.xapi_agent_key(query -> 'agent');
    if agent_key is null then
      raise exception 'agent must be an Agent or an Identified Group' using errcode = '22023';
    end if;
    conditions := conditions || format('%I @> array[$1]',
      case when related_agents then 'related_agent_keys' else 'agent_keys' end);
  end if;
  if query ? 'verb' then
    conditions := conditions || 'verb_id = $2'::text;
  end if;
  if query ? 'activity' then
    conditions := conditions || case when related_activities
      then 'related_activity_ids @> array[$3]' else 'activity_id = $3' end;
  end if;
  if query ? 'registration' then
    conditions := conditions || 'registration = $4'::text;
  end if;

  -- A statement that targets a matching one through a StatementRef matches too, recursively
  -- (xAPI-Communication 2.1.3, "Filter Conditions for StatementRefs"); the time and paging
  -- conditions apply to the targeting statement itself.
  matching := case when cardinality(conditions) = 0 then 'xapi.statements'
    else format(
      '(select s.* from xapi.statements s where s.id in (
         with recursive matched (id) as (
           select id from xapi.statements where %s
           union
           select t.id from xapi.statements t join matched m on t.statement_ref = m.id
         ) select id from matched))', array_to_string(conditions, ' and '))
  end;

  execute format(
    'select coalesce(jsonb_agg(statement order by place) filter (where place <= $9), ''[]''),
       count(*) > $9, max(seq) filter (where place = $9)
     from (
       select c.statement, c.seq, row_number() over (order by c.seq %1$s) as place
       from %2$s c
       where not c.voided
         and ($5::timestamptz is null or c.stored > $5)
         and ($6::timestamptz is null or c.stored <= $6)
         and ($7::bigint is null or c.seq %3$s $7)
         and ($8::uuid is null or c.lrs_client_id = $8)
       order by c.seq %1$s
       limit $9 + 1
     ) as listed',
    case when ascending then 'asc' else 'desc' end,
    matching,
    case when ascending then '>' else '<' end)
  into page, has_more, last_seq
  using agent_key, query ->> 'verb', query ->> 'activity', (query ->> 'registration')::uuid,
    (query ->> 'since')::timestamptz, (query ->> 'until')::timestamptz, cursor_seq, only_client,
    page_size;
  return jsonb_build_object('statements', page,
    'more', case when has_more then last_seq::text end,
    'consistent_through', consistent_through)
    || private.xapi_attachment_data(query, page);
end;
$$;

-- Documents: state, activity profiles, agent profiles (xAPI-Communication 2.2 to 2.7) -----------------

-- A document's key as one short value, so that the unique index holds whatever the lengths of the
-- IRIs and ids in it (a btree entry must fit a third of a page); without a registration and a
-- document id, the key of the context a list or a delete of every state document names.
create function private.xapi_document_key(
  kind text, activity_id text, agent_key text, registration uuid, document_id text
)
returns bytea
language sql immutable set search_path = '' as $$
  select sha256(convert_to(
    jsonb_build_array(kind, activity_id, agent_key, registration, document_id)::text, 'UTF8'));
$$;

-- A document as sent, under its kind's key: state by activity, agent, registration (or none) and
-- state id; an activity profile by activity and profile id; an agent profile by agent and profile id.
create table xapi.documents (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('state', 'activity_profile', 'agent_profile')),
  activity_id text check (char_length(activity_id) between 1 and 2048),
  -- The agent key the statements use (private.xapi_agent_key).
  agent_key text check (char_length(agent_key) between 1 and 4096),
  registration uuid,
  document_id text not null check (char_length(document_id) between 1 and 2048),
  content bytea not null check (octet_length(content) <= 1048576),
  content_type text not null check (char_length(content_type) between 1 and 255),
  -- SHA-1 of the content in lowercase hex, unquoted: what xAPI-Communication 3.1 says an ETag is.
  etag text not null check (etag ~ '^[0-9a-f]{40}$'),
  updated timestamptz not null,
  document_key bytea not null generated always as
    (private.xapi_document_key(kind, activity_id, agent_key, registration, document_id)) stored,
  context_key bytea not null generated always as
    (private.xapi_document_key(kind, activity_id, agent_key, null, null)) stored,
  constraint documents_key_fits_kind check (case kind
    when 'state' then activity_id is not null and agent_key is not null
    when 'activity_profile' then activity_id is not null and agent_key is null and registration is null
    else agent_key is not null and activity_id is null and registration is null end),
  constraint documents_unique_key unique (document_key)
);
create index documents_context_idx on xapi.documents (context_key, updated);
alter table xapi.documents enable row level security;
revoke all on xapi.documents from public, anon, authenticated, service_role;
revoke all on sequence xapi.documents_id_seq from public, anon, authenticated, service_role;

-- The client, when its scopes reach this kind of document (`state` for state, `profile` for both
-- profiles, `all` for both; `all/read` for reading), or 42501.
create function private.lrs_document_client(client_id uuid, kind text, writing boolean)
returns public.lrs_clients
language plpgsql stable set search_path = '' as $$
declare
  client public.lrs_clients := private.lrs_live_client(client_id);
  needed text[] := case kind when 'state' then array['state', 'all']
    when 'activity_profile' then array['profile', 'all']
    when 'agent_profile' then array['profile', 'all'] end;
begin
  if needed is null then
    raise exception 'Unknown kind of document: %', kind using errcode = '22023';
  end if;
  if not writing then
    needed := needed || 'all/read'::text;
  end if;
  if not client.scopes && needed then
    raise exception 'This LRS client may not % these documents',
      case when writing then 'change' else 'read' end using errcode = '42501';
  end if;
  return client;
end;
$$;

-- The agent key of a document's agent: null when the kind has no agent, 22023 when it needs one and
-- the agent given has no identifier.
create function private.xapi_document_agent_key(kind text, agent jsonb) returns text
language plpgsql immutable set search_path = '' as $$
declare
  key text := private.xapi_agent_key(agent);
begin
  if kind = 'activity_profile' then
    return null;
  end if;
  if key is null then
    raise exception 'agent must be an Agent with an identifier' using errcode = '22023';
  end if;
  return key;
end;
$$;

create function private.xapi_etag(content bytea) returns text
language sql immutable set search_path = '' as $$
  select encode(extensions.digest(content, 'sha1'), 'hex');
$$;

-- The content as a JSON object when its content type is application/json and it parses as one;
-- null otherwise (the JSON merge's precondition, xAPI-Communication 2.2).
create function private.xapi_json_object(content bytea, content_type text) returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  parsed jsonb;
begin
  if lower(btrim(split_part(content_type, ';', 1))) <> 'application/json' then
    return null;
  end if;
  parsed := convert_from(content, 'UTF8')::jsonb;
  return case when jsonb_typeof(parsed) = 'object' then parsed end;
exception when others then
  return null;
end;
$$;

-- One document: {content (base64), contentType, etag, updated}, or null when there is none.
create function public.lrs_document(
  client_id uuid, kind text, activity_id text, agent jsonb, registration uuid, document_id text
)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  owner_key text;
  target_key bytea;
  scoped_activity text := case when kind <> 'agent_profile' then activity_id end;
  scoped_registration uuid := case when kind = 'state' then registration end;
  answer jsonb;
begin
  perform private.lrs_document_client(client_id, kind, false);
  owner_key := private.xapi_document_agent_key(kind, agent);
  target_key := private.xapi_document_key(kind, scoped_activity, owner_key, scoped_registration,
    document_id);
  select jsonb_build_object('content', translate(encode(d.content, 'base64'), E'\n', ''),
      'contentType', d.content_type, 'etag', d.etag, 'updated', private.xapi_timestamp(d.updated))
    into answer
  from xapi.documents d
  where d.document_key = target_key;
  return answer;
end;
$$;

-- The ids of a context's documents, updated after `since` when given, in id order:
-- {ids, updated (the latest change among them, null when none)}. For state, no registration lists
-- every registration's.
create function public.lrs_document_ids(
  client_id uuid, kind text, activity_id text, agent jsonb, registration uuid, since timestamptz
)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  owner_key text;
  scoped_activity text := case when kind <> 'agent_profile' then activity_id end;
  scoped_registration uuid := case when kind = 'state' then registration end;
  answer jsonb;
begin
  perform private.lrs_document_client(client_id, kind, false);
  owner_key := private.xapi_document_agent_key(kind, agent);
  select jsonb_build_object(
      'ids', coalesce(jsonb_agg(distinct d.document_id), '[]'),
      'updated', private.xapi_timestamp(max(d.updated)))
    into answer
  from xapi.documents d
  where d.context_key = private.xapi_document_key(lrs_document_ids.kind, scoped_activity, owner_key,
      null, null)
    and (scoped_registration is null or d.registration = scoped_registration)
    and (since is null or d.updated > since);
  return answer;
end;
$$;

-- Replaces a document (PUT) and answers its new ETag. The precondition is part of the write itself,
-- so that of two writers holding one ETag only the first wins: if_match (ETags, or '*' for any)
-- updates only a document whose ETag is listed, if_none_match '*' inserts only when there is none;
-- either failing is PT412. A profile PUT needs one of them (xAPI-Communication 3.1): without, it is
-- PT409 over an existing profile and 22023 otherwise. State is simply replaced.
create function public.lrs_put_document(
  client_id uuid, kind text, activity_id text, agent jsonb, registration uuid, document_id text,
  content text, content_type text, if_match text[] default null, if_none_match text default null
)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  owner_key text;
  target_key bytea;
  data bytea := decode(coalesce(content, ''), 'base64');
  tag text := private.xapi_etag(data);
  stored_at timestamptz := date_trunc('milliseconds', clock_timestamp());
  scoped_activity text := case when kind <> 'agent_profile' then activity_id end;
  scoped_registration uuid := case when kind = 'state' then registration end;
begin
  perform private.lrs_document_client(client_id, kind, true);
  owner_key := private.xapi_document_agent_key(kind, agent);
  target_key := private.xapi_document_key(kind, scoped_activity, owner_key, scoped_registration,
    document_id);
  if if_none_match is not null and if_none_match <> '*' then
    raise exception 'If-None-Match on a document must be *' using errcode = '22023';
  end if;
  if if_match is not null and if_none_match is not null then
    raise exception 'Use If-Match or If-None-Match, not both' using errcode = '22023';
  end if;

  if if_match is not null then
    update xapi.documents d
    set content = data, content_type = lrs_put_document.content_type, etag = tag, updated = stored_at
    where d.document_key = target_key
      and ('*' = any (if_match) or d.etag = any (if_match));
    if not found then
      raise exception 'The document has changed or is gone since that ETag' using errcode = 'PT412';
    end if;
  elsif if_none_match is not null then
    insert into xapi.documents (kind, activity_id, agent_key, registration, document_id, content,
      content_type, etag, updated)
    values (kind, scoped_activity, owner_key, scoped_registration, document_id, data,
      lrs_put_document.content_type, tag, stored_at)
    on conflict on constraint documents_unique_key do nothing;
    if not found then
      raise exception 'The document exists (If-None-Match: *)' using errcode = 'PT412';
    end if;
  elsif kind <> 'state' then
    -- The client broke a MUST either way; over a document it has not seen, that is a conflict.
    perform from xapi.documents d
    where d.document_key = target_key;
    if found then
      raise exception 'The document exists: read it, then PUT with If-Match and its ETag'
        using errcode = 'PT409';
    end if;
    raise exception 'A profile PUT needs If-Match, or If-None-Match: * for a new document'
      using errcode = '22023';
  else
    insert into xapi.documents (kind, activity_id, agent_key, registration, document_id, content,
      content_type, etag, updated)
    values (kind, scoped_activity, owner_key, scoped_registration, document_id, data,
      lrs_put_document.content_type, tag, stored_at)
    on conflict on constraint documents_unique_key do update
      set content = excluded.content, content_type = excluded.content_type, etag = excluded.etag,
        updated = excluded.updated;
  end if;
  return tag;
end;
$$;

-- POST: a new document is stored as sent (an application/json one must be a JSON object); onto an
-- existing one, the posted JSON object's top-level properties are merged (xAPI-Communication 2.2),
-- 22023 when either is not an application/json object. if_match and if_none_match as for PUT
-- (PT412), but neither is required. Answers the ETag.
create function public.lrs_post_document(
  client_id uuid, kind text, activity_id text, agent jsonb, registration uuid, document_id text,
  content text, content_type text, if_match text[] default null, if_none_match text default null
)
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  owner_key text;
  target_key bytea;
  data bytea := decode(coalesce(content, ''), 'base64');
  posted jsonb := private.xapi_json_object(data, content_type);
  stored_at timestamptz := date_trunc('milliseconds', clock_timestamp());
  scoped_activity text := case when kind <> 'agent_profile' then activity_id end;
  scoped_registration uuid := case when kind = 'state' then registration end;
  existing xapi.documents;
  existing_object jsonb;
  merged bytea;
begin
  perform private.lrs_document_client(client_id, kind, true);
  owner_key := private.xapi_document_agent_key(kind, agent);
  target_key := private.xapi_document_key(kind, scoped_activity, owner_key, scoped_registration,
    document_id);
  if if_none_match is not null and if_none_match <> '*' then
    raise exception 'If-None-Match on a document must be *' using errcode = '22023';
  end if;
  if posted is null and lower(btrim(split_part(content_type, ';', 1))) = 'application/json' then
    raise exception 'An application/json document must be a JSON object' using errcode = '22023';
  end if;
  -- Locked, so that two merges onto one document both land; a first write that loses the race to
  -- insert goes round again and merges.
  loop
    select * into existing from xapi.documents d
    where d.document_key = target_key
    for update;
    if not found then
      if if_match is not null then
        raise exception 'There is no document with that ETag' using errcode = 'PT412';
      end if;
      insert into xapi.documents (kind, activity_id, agent_key, registration, document_id, content,
        content_type, etag, updated)
      values (kind, scoped_activity, owner_key, scoped_registration, document_id, data,
        lrs_post_document.content_type, private.xapi_etag(data), stored_at)
      on conflict on constraint documents_unique_key do nothing;
      if found then
        return private.xapi_etag(data);
      end if;
      continue;
    end if;
    if if_none_match is not null
       or (if_match is not null and not ('*' = any (if_match) or existing.etag = any (if_match))) then
      raise exception 'The document has changed since that ETag, or exists' using errcode = 'PT412';
    end if;
    existing_object := private.xapi_json_object(existing.content, existing.content_type);
    if posted is null or existing_object is null then
      raise exception 'Only an application/json object merges into an application/json object'
        using errcode = '22023';
    end if;
    merged := convert_to((existing_object || posted)::text, 'UTF8');
    update xapi.documents
    set content = merged, etag = private.xapi_etag(merged), updated = stored_at
    where id = existing.id;
    return private.xapi_etag(merged);
  end loop;
end;
$$;

-- Deletes one document (none is no error); with if_match, only when its ETag is listed (PT412).
create function public.lrs_delete_document(
  client_id uuid, kind text, activity_id text, agent jsonb, registration uuid, document_id text,
  if_match text[] default null
)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  owner_key text;
  target_key bytea;
  scoped_activity text := case when kind <> 'agent_profile' then activity_id end;
  scoped_registration uuid := case when kind = 'state' then registration end;
  existing xapi.documents;
begin
  perform private.lrs_document_client(client_id, kind, true);
  owner_key := private.xapi_document_agent_key(kind, agent);
  target_key := private.xapi_document_key(kind, scoped_activity, owner_key, scoped_registration,
    document_id);
  select * into existing from xapi.documents d
  where d.document_key = target_key
  for update;
  if not found then
    if if_match is not null then
      raise exception 'There is no document with that ETag' using errcode = 'PT412';
    end if;
    return;
  end if;
  if if_match is not null and not ('*' = any (if_match) or existing.etag = any (if_match)) then
    raise exception 'The document has changed since that ETag' using errcode = 'PT412';
  end if;
  delete from xapi.documents where id = existing.id;
end;
$$;

-- Deletes every state document of an activity and agent: of one registration when given, of all
-- otherwise.
create function public.lrs_delete_state(
  client_id uuid, activity_id text, agent jsonb, registration uuid
)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  owner_key text;
begin
  perform private.lrs_document_client(client_id, 'state', true);
  owner_key := private.xapi_document_agent_key('state', agent);
  delete from xapi.documents d
  where d.context_key = private.xapi_document_key('state', lrs_delete_state.activity_id, owner_key,
      null, null)
    and (lrs_delete_state.registration is null or d.registration = lrs_delete_state.registration);
end;
$$;

-- Activities and agents (xAPI-Communication 2.4, 2.5) -------------------------------------------------

-- What the LRS knows of an activity (xAPI-Communication 2.5: all it has from the statements whose
-- object it is): their definitions merged oldest first, a later statement's properties replacing
-- an earlier one's but for the name and description language maps, which gather every language;
-- the bare Activity when none has a definition. Derived from statements, so statement read scopes.
create function public.lrs_activity(client_id uuid, activity_id text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  client public.lrs_clients := private.lrs_live_client(client_id);
  definition jsonb;
  previous jsonb;
  merged jsonb;
  language_map text;
begin
  if not client.scopes && array['statements/read', 'all/read', 'all'] then
    raise exception 'This LRS client may not read activities' using errcode = '42501';
  end if;
  if coalesce(char_length(activity_id), 0) not between 1 and 2048 then
    raise exception 'activityId must be an IRI' using errcode = '22023';
  end if;
  for definition in
    select s.statement -> 'object' -> 'definition'
    from xapi.statements s
    where s.activity_id = lrs_activity.activity_id
      and jsonb_typeof(s.statement -> 'object' -> 'definition') = 'object'
    order by s.seq
  loop
    previous := coalesce(merged, '{}');
    merged := previous || definition;
    foreach language_map in array array['name', 'description'] loop
      if jsonb_typeof(previous -> language_map) = 'object'
         and jsonb_typeof(definition -> language_map) = 'object' then
        merged := jsonb_set(merged, array[language_map],
          (previous -> language_map) || (definition -> language_map));
      end if;
    end loop;
  end loop;
  return jsonb_build_object('objectType', 'Activity', 'id', activity_id)
    || case when merged is null then '{}'::jsonb
      else jsonb_build_object('definition', merged) end;
end;
$$;

-- The Person for an agent: each of its properties as a one-element list (the LRS holds no directory
-- that would join an agent's other identities).
create function public.lrs_person(client_id uuid, agent jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  client public.lrs_clients := private.lrs_live_client(client_id);
  person jsonb := '{"objectType": "Person"}';
  property text;
begin
  if not client.scopes && array['statements/read', 'all/read', 'all'] then
    raise exception 'This LRS client may not read agents' using errcode = '42501';
  end if;
  if private.xapi_agent_key(agent) is null or agent ->> 'objectType' = 'Group' then
    raise exception 'agent must be an Agent with an identifier' using errcode = '22023';
  end if;
  foreach property in array array['name', 'mbox', 'mbox_sha1sum', 'openid', 'account'] loop
    if agent ? property then
      person := person || jsonb_build_object(property, jsonb_build_array(agent -> property));
    end if;
  end loop;
  return person;
end;
$$;

-- Grants: revoke everything the new functions were given, then grant exactly.
revoke all on function private.lrs_scope_names(), private.lrs_secret_hash(text),
  private.audit_lrs_client(), private.xapi_agent_key(jsonb), private.xapi_agent_keys(jsonb),
  private.xapi_object_agent(jsonb), private.xapi_object_activity_id(jsonb),
  private.xapi_statement_agent_keys(jsonb), private.xapi_related_agent_keys(jsonb),
  private.xapi_context_activity_ids(jsonb), private.xapi_related_activity_ids(jsonb),
  private.xapi_timestamp(timestamptz), private.xapi_comparable(jsonb),
  private.refuse_statement_change(), private.refuse_attachment_change(),
  private.lrs_live_client(uuid),
  private.xapi_sha2(bytea, integer), private.xapi_attachment_data(jsonb, jsonb),
  private.lrs_document_client(uuid, text, boolean), private.xapi_document_agent_key(text, jsonb),
  private.xapi_etag(bytea), private.xapi_json_object(bytea, text),
  private.xapi_document_key(text, text, text, uuid, text)
  from public, anon, authenticated, service_role;
revoke all on function public.create_lrs_client(text, text[]), public.revoke_lrs_client(uuid),
  public.admin_lrs_clients(), public.lrs_authenticate(text, text),
  public.lrs_store_statements(uuid, jsonb, jsonb, jsonb), public.lrs_statements(uuid, jsonb),
  public.lrs_document(uuid, text, text, jsonb, uuid, text),
  public.lrs_document_ids(uuid, text, text, jsonb, uuid, timestamptz),
  public.lrs_put_document(uuid, text, text, jsonb, uuid, text, text, text, text[], text),
  public.lrs_post_document(uuid, text, text, jsonb, uuid, text, text, text, text[], text),
  public.lrs_delete_document(uuid, text, text, jsonb, uuid, text, text[]),
  public.lrs_delete_state(uuid, text, jsonb, uuid), public.lrs_activity(uuid, text),
  public.lrs_person(uuid, jsonb)
  from public, anon, authenticated, service_role;
grant execute on function public.create_lrs_client(text, text[]), public.revoke_lrs_client(uuid),
  public.admin_lrs_clients()
  to authenticated, service_role;
grant execute on function public.lrs_authenticate(text, text),
  public.lrs_store_statements(uuid, jsonb, jsonb, jsonb), public.lrs_statements(uuid, jsonb),
  public.lrs_document(uuid, text, text, jsonb, uuid, text),
  public.lrs_document_ids(uuid, text, text, jsonb, uuid, timestamptz),
  public.lrs_put_document(uuid, text, text, jsonb, uuid, text, text, text, text[], text),
  public.lrs_post_document(uuid, text, text, jsonb, uuid, text, text, text, text[], text),
  public.lrs_delete_document(uuid, text, text, jsonb, uuid, text, text[]),
  public.lrs_delete_state(uuid, text, jsonb, uuid), public.lrs_activity(uuid, text),
  public.lrs_person(uuid, jsonb)
  to service_role;
