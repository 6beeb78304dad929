-- The local backend's stand-in for pg_net 0.19.5: pg_net's catalogue (net.http_request_queue,
-- net._http_response), request functions and privileges, so that migrations and SQL functions call
-- net.http_get / net.http_post / net.http_delete exactly as on hosted Supabase. A request is a row
-- of the queue, written in the caller's transaction; the local backend's worker (src/net/worker.ts)
-- sends the committed ones, records each outcome in net._http_response and deletes the queue row.
-- pg_net's C helpers (URL encoding, waking its worker) are written in SQL here.

\echo Use "create extension pg_net" to load this file. \quit

-- Hosted Supabase creates pg_net as supabase_admin (supautils runs a privileged extension's create
-- as that superuser), so supabase_admin owns all of it. The caller's role comes back at the end.
select pg_catalog.set_config('local_backend.role_before_stand_in', pg_catalog.current_setting('role'), true);
set local role supabase_admin;

create schema if not exists net;

create domain net.http_method as text
  check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

-- Unlogged as in pg_net: a crash empties both tables.
create unlogged table net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds integer not null
);

create unlogged table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
create index on net._http_response (created);

-- pg_net's worker sleeps until a request function wakes it. The local worker LISTENs instead: a
-- notification reaches it only when the transaction that queued the request commits, so a request
-- rolled back with its transaction is never sent.
create function net.wake()
returns void
language sql
as $$ select pg_catalog.pg_notify('pg_net_wake', '') $$;

create function net._wake_after_queueing()
returns trigger
language plpgsql
as $$
begin
  perform net.wake();
  return null;
end
$$;

create trigger wake_worker after insert on net.http_request_queue
  for each statement execute function net._wake_after_queueing();

-- The worker's connection names itself 'pg_net worker' (pg_net's worker is a background process of
-- that type).
create function net.check_worker_is_up()
returns void
language plpgsql
as $$
begin
  if not exists (select from pg_catalog.pg_stat_activity where application_name = 'pg_net worker') then
    raise exception using
      message = 'the pg_net background worker is not up',
      detail = 'the local backend''s pg_net worker is not connected to this database',
      hint = 'start the local backend';
  end if;
end
$$;
comment on function net.check_worker_is_up() is
  'raises an exception if the pg_net background worker is not up, otherwise it doesn''t return anything';

-- libcurl's escaping: every byte of the UTF-8 text but letters, digits and -._~ becomes %XX.
create function net._urlencode_string(string varchar)
returns text
language sql
immutable
as $$
  select case
           when string is null then null
           else coalesce(pg_catalog.string_agg(
                  case
                    when byte between 48 and 57 or byte between 65 and 90 or byte between 97 and 122
                      or byte in (45, 46, 95, 126)
                    then pg_catalog.chr(byte)
                    else '%' || pg_catalog.upper(pg_catalog.lpad(pg_catalog.to_hex(byte), 2, '0'))
                  end,
                  '' order by position), '')
         end
    from (select pg_catalog.convert_to(string, 'UTF8') as bytes) as text_bytes,
         pg_catalog.generate_series(0, pg_catalog.length(bytes) - 1) as position,
         pg_catalog.get_byte(bytes, position) as byte
$$;

-- Checks the URL as libcurl's URL parser would refuse it (in the caller's transaction, as pg_net
-- does) and appends the encoded parameters to its query, before any fragment.
create function net._encode_url_with_params_array(url text, params_array text[])
returns text
language plpgsql
immutable
as $$
declare
  without_fragment text;
  fragment text;
  query text;
begin
  if url is null or params_array is null then
    return null;
  end if;
  if url !~* '^[a-z][a-z0-9+.-]*:' then
    raise exception 'invalid URL "%": Bad scheme', url;
  end if;
  if url !~* '^[a-z][a-z0-9+.-]*://' then
    raise exception 'invalid URL "%": Unsupported URL scheme', url;
  end if;
  if url ~* '^[a-z][a-z0-9+.-]*://([/?#]|$)' then
    raise exception 'invalid URL "%": No host part in the URL', url;
  end if;
  query := pg_catalog.array_to_string(params_array, '&');
  if query = '' then
    return url;
  end if;
  without_fragment := pg_catalog.split_part(url, '#', 1);
  fragment := pg_catalog.substr(url, pg_catalog.length(without_fragment) + 1);
  return without_fragment
    || case
         when pg_catalog.strpos(without_fragment, '?') = 0 then '?'
         when without_fragment ~ '[?&]$' then ''
         else '&'
       end
    || query || fragment;
end
$$;

-- The query parameters as encoded key=value pairs (pg_net builds them inline in each function).
create function net._params_array(params jsonb)
returns text[]
language sql
immutable
as $$
  select coalesce(pg_catalog.array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)),
                  '{}')
    from pg_catalog.jsonb_each_text(params)
$$;

create function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
)
returns bigint
language plpgsql
as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._encode_url_with_params_array(url, net._params_array(params)), headers,
          timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

-- As pg_net: the body is JSON, so a Content-Type is added when the headers have none, and any other
-- Content-Type is refused.
create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
)
returns bigint
language plpgsql
as $$
declare
  request_id bigint;
  content_type text;
begin
  select value into content_type
    from pg_catalog.jsonb_each_text(coalesce(headers, '{}'::jsonb))
   where pg_catalog.lower(key) = 'content-type'
   limit 1;
  if content_type is null then
    headers := headers || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', net._encode_url_with_params_array(url, net._params_array(params)), headers,
          pg_catalog.convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

create function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000,
  body jsonb default null
)
returns bigint
language plpgsql
as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('DELETE', net._encode_url_with_params_array(url, net._params_array(params)), headers,
          pg_catalog.convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');

create type net.http_response as (
  status_code integer,
  headers jsonb,
  body text
);

create type net.http_response_result as (
  status net.request_status,
  message text,
  response net.http_response
);

-- Waits (polling, as pg_net does) until the worker has recorded the request's response. Only
-- useful outside the transaction that queued the request, which must have committed.
create function net._await_response(request_id bigint)
returns boolean
language plpgsql
as $$
begin
  while not exists (select from net._http_response where id = request_id) loop
    perform pg_catalog.pg_sleep(0.05);
  end loop;
  return true;
end
$$;

create function net._http_collect_response(request_id bigint, async boolean default true)
returns net.http_response_result
language plpgsql
as $$
declare
  response net._http_response;
begin
  if not async then
    perform net._await_response(request_id);
  end if;
  select * into response from net._http_response where id = request_id;
  if response is null or response.error_msg is not null then
    return ('ERROR', coalesce(response.error_msg, 'request matching request_id not found'),
            null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok',
          (response.status_code, response.headers, response.content)::net.http_response
         )::net.http_response_result;
end
$$;

-- pg_net's own grants: anyone may queue requests and read responses, and the functions keep
-- Postgres's default execute for public.
grant usage on schema net to public;
grant all on all sequences in schema net to public;
grant all on all tables in schema net to public;
-- What hosted Supabase adds when the extension is created (its grant_pg_net_access event trigger;
-- from pg_net 0.12.0 on it changes nothing else): usage of net for these roles by name, so that
-- revoking it from public leaves them theirs.
grant usage on schema net to supabase_functions_admin, postgres, anon, authenticated, service_role;

select pg_catalog.set_config('role', pg_catalog.current_setting('local_backend.role_before_stand_in'), true);
