-- Learning records (DESIGN.md section 7, docs/learning-records.md): the xAPI 1.0.3 Learning Record
-- Store and the cmi5 LMS beside it:
--   * LRS clients: Basic key and secret, issued by admins at aal2, the secret kept only as a hash;
--   * xapi.statements: every statement as stored, immutable but for being voided, with the columns
--     the statement filters need; in a schema no API role may enter;
--   * xapi.documents: the state, activity profile and agent profile documents, with their ETags;
--   * learners' registrations with their progress (public.learning_progress), cmi5 launch sessions
--     and the statements the LMS writes (launched, satisfied, abandoned);
--   * the functions the edge functions `xapi` and `launch-module` call with the secret key, each
--     checking the credential it is given.

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

create schema xapi;
revoke all on schema xapi from public, anon, authenticated, service_role;

-- Learning: module lengths, learners' registrations, cmi5 launch sessions --------------------------

-- Each catalogue module's title, length and the share of it a learner must watch to complete it (the
-- slugs and titles are src/content/modules.ts's; a database test compares). The title is here for
-- what the database words itself: certificates, their verification and their notifications.
-- Product information: anyone may read it.
create table public.learning_modules (
  slug text primary key check (slug ~ '^[a-z0-9-]{1,64}$'),
  title text not null check (char_length(title) between 1 and 200),
  -- What a certificate of the module lists (its page's learning outcomes, in their order).
  learning_outcomes text[] not null default '{}' check (cardinality(learning_outcomes) <= 50),
  length_seconds integer not null check (length_seconds between 1 and 86400),
  completion_threshold numeric(3, 2) not null default 0.9
    check (completion_threshold > 0 and completion_threshold <= 1)
);
alter table public.learning_modules enable row level security;
create policy "Anyone reads module lengths" on public.learning_modules
  for select to anon, authenticated using (true);
revoke all on public.learning_modules from public, anon, authenticated, service_role;
grant select on public.learning_modules to anon, authenticated, service_role;
-- The lengths of the modules' current cuts.
insert into public.learning_modules (slug, title, length_seconds) values
  ('home-visits', 'Home Visits', 1080), ('dementia', 'Dementia', 1260),
  ('womens-health', 'Women''s Health', 1140), ('conflict-resolution', 'Conflict Resolution', 960),
  ('social-justice', 'Social Justice and Health Equity', 1200),
  ('chronic-pain', 'Chronic Pain', 1020), ('advanced-dementia', 'Advanced Dementia', 1320),
  ('rural-minds', 'Rural Minds', 1500), ('group-menopause', 'Group Clinics: Menopause', 1380),
  ('group-diabetes', 'Group Clinics: Diabetes', 1380);
-- Their learning outcomes as their pages list them (src/content/moduleDetails; a test keeps the two
-- equal), which certificates print.
update public.learning_modules m set learning_outcomes = outcomes.items
from (values
  ('home-visits', array[
    'Prepare for a home visit: the records to review, the equipment to take and your own safety.',
    'Recognise environmental clues to frailty, falls risk, self-neglect and medicines problems.',
    'Identify safeguarding concerns and know how to raise them.',
    'Assess clinical need in the home and decide on next steps with the patient and those close to them.',
    'Document and hand over the findings of a visit clearly.'
  ]),
  ('dementia', array[
    'Describe how early dementia can feel for the person living with it and for their family.',
    'Recognise the worries, hopes and practical pressures that patients and carers bring to the consultation.',
    'Take a structured history of memory concerns, including an account from someone who knows the person well.',
    'Use a validated brief cognitive assessment and rule out reversible causes before referral.',
    'Share a diagnosis of dementia clearly, honestly and with compassion.',
    'Agree a care and support plan with the person and their family, including advance care planning.',
    'Signpost to local memory services, carers’ support and voluntary organisations.',
    'Plan review and continuity of care in the practice team.'
  ]),
  ('womens-health', array[
    'Recognise the physical and psychological symptoms of perimenopause, including atypical presentations.',
    'Diagnose perimenopause and menopause on clinical grounds, knowing when investigations are and are not needed.',
    'Explain the benefits and risks of hormone replacement therapy and of non-hormonal options in plain language.',
    'Reach a shared decision about management that reflects the patient’s priorities.',
    'Plan follow-up and know when to refer for specialist advice.'
  ]),
  ('conflict-resolution', array[
    'Recognise the early signs of frustration and escalation in a patient or visitor.',
    'Use verbal and non-verbal communication to calm a tense encounter.',
    'Set clear, respectful boundaries and explain what the practice can and cannot do.',
    'Know when to step away, ask for help and follow the practice’s safety procedures.',
    'Reflect on an incident and support colleagues afterwards.'
  ]),
  ('social-justice', array[
    'Describe the social determinants of health and how they show up in primary care.',
    'Recognise barriers to access, including cost, language, literacy and digital exclusion.',
    'Ask about social circumstances sensitively and respond with useful support.',
    'Use social prescribing and community services as part of a care plan.',
    'Identify changes the practice can make to reduce health inequalities.'
  ]),
  ('chronic-pain', array[
    'Describe the impact of chronic pain on daily life, mood, work and relationships.',
    'Assess chronic pain in a person-centred way, including its effect on quality of life.',
    'Explain the evidence for non-drug approaches, such as exercise programmes and psychological therapies.',
    'Review and, where appropriate, reduce opioids and other medicines with limited benefit, together with the patient.',
    'Agree a care and support plan built around the person’s goals.'
  ]),
  ('advanced-dementia', array[
    'Recognise pain, delirium and unmet needs as causes of distress in advanced dementia.',
    'Use non-drug approaches first and use medicines for distress safely.',
    'Support decisions about eating, drinking and hospital admission in the person’s best interests.',
    'Talk with families about advance care planning and what to expect towards the end of life.',
    'Coordinate care across the practice, community teams and care homes.'
  ]),
  ('rural-minds', array[
    'Describe the pressures on mental health that are particular to farming and rural life.',
    'Recognise how distress may present in farmers, often as physical complaints or through family members.',
    'Start a conversation about mental health in a way that fits rural culture and working life.',
    'Assess risk, including suicide risk, and agree a safety plan.',
    'Signpost to rural support organisations as well as NHS mental health services.'
  ]),
  ('group-menopause', array[
    'Explain how a group consultation works and what patients gain from it.',
    'Describe the roles of the facilitator, the clinician and the administrator.',
    'Plan a menopause group clinic: inviting patients, confidentiality agreements and the session plan.',
    'Facilitate discussion so that every participant is heard and questions are answered.',
    'Record the consultation and arrange individual follow-up where needed.'
  ]),
  ('group-diabetes', array[
    'Explain the benefits of group consultations for people living with type 2 diabetes.',
    'Prepare a session: choosing patients, sharing results and the roles in the team.',
    'Use results such as HbA1c, blood pressure and weight to prompt discussion and goal setting.',
    'Handle sensitive questions in a group and know when to offer a one-to-one follow-up.',
    'Evaluate a group clinic and improve the next one.'
  ])
) as outcomes (slug, items)
where m.slug = outcomes.slug;

-- A learner's cmi5 registration for a module, with the progress its statements report: one per
-- learner and module, kept for good, so progress resumes across launches and a completed module
-- reopens for review on it (docs/learning-records.md section 4). Maintained by the statement
-- functions below, in the statement's transaction.
create table public.learning_progress (
  registration uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  module text not null references public.learning_modules (slug),
  -- As the first launch named them: the actor the learner's statements carry and its agent key,
  -- the module's activity IRI, and the authority of the statements the LMS writes.
  actor jsonb not null,
  actor_key text not null,
  activity_id text not null check (char_length(activity_id) between 1 and 2048),
  lms_authority jsonb not null,
  first_launched_at timestamptz not null default now(),
  last_activity_at timestamptz not null default now(),
  -- The union of the played segments reported, in seconds of the module.
  played nummultirange not null default '{}',
  seconds_watched integer not null default 0 check (seconds_watched >= 0),
  percent smallint not null default 0 check (percent between 0 and 100),
  completed_at timestamptz,
  unique (user_id, module)
);
create index learning_progress_module_idx on public.learning_progress (module, last_activity_at);
create index learning_progress_actor_key_idx on public.learning_progress (actor_key);
alter table public.learning_progress enable row level security;
create policy "Learners read their own progress" on public.learning_progress
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.learning_progress from public, anon, authenticated, service_role;
grant select (registration, user_id, module, first_launched_at, last_activity_at, seconds_watched,
  percent, completed_at) on public.learning_progress to authenticated;

-- A cmi5 session: one launch of a registration. Its id is cmi5's session id; the fetch code and the
-- launch token exist only as hashes (the token is handed out once, by lrs_fetch_token).
create table xapi.launch_sessions (
  id uuid primary key,
  registration uuid not null references public.learning_progress (registration) on delete cascade,
  launch_mode text not null check (launch_mode in ('Normal', 'Review')),
  launch_url text not null check (char_length(launch_url) between 1 and 2048),
  fetch_hash text not null unique check (fetch_hash ~ '^[0-9a-f]{64}$'),
  token_hash text unique check (token_hash ~ '^[0-9a-f]{64}$'),
  launched_at timestamptz not null,
  fetched_at timestamptz,
  last_statement_at timestamptz,
  terminated_at timestamptz,
  abandoned_at timestamptz
);
create index launch_sessions_registration_idx on xapi.launch_sessions (registration, launched_at);
alter table xapi.launch_sessions enable row level security;
revoke all on xapi.launch_sessions from public, anon, authenticated, service_role;

-- A session's credential lasts while the session does: fetched, neither terminated nor abandoned,
-- and at most twelve hours from its launch.
create function private.lrs_live_session(session_id uuid) returns xapi.launch_sessions
language sql stable set search_path = '' as $$
  select s.* from xapi.launch_sessions s
  where s.id = session_id and s.fetched_at is not null and s.terminated_at is null
    and s.abandoned_at is null and s.launched_at > now() - interval '12 hours';
$$;

-- Statements ---------------------------------------------------------------------------------------

-- The helpers that derive a statement's filter columns are plpgsql, not SQL: a SQL function with a
-- SET clause is never inlined and is planned again on every call, which made them most of a
-- statement's insert (about 2.3 ms of 4.5); plpgsql keeps its plans.

-- An Agent's or Identified Group's inverse functional identifier, written one way
-- (docs/learning-records.md); null for an anonymous Group or anything else.
create function private.xapi_agent_key(agent jsonb) returns text
language plpgsql immutable set search_path = '' as $$
begin
  return case
    when jsonb_typeof(agent) <> 'object' then null
    when jsonb_typeof(agent -> 'mbox') = 'string' then 'mbox:' || (agent ->> 'mbox')
    when jsonb_typeof(agent -> 'mbox_sha1sum') = 'string'
      then 'mbox_sha1sum:' || lower(agent ->> 'mbox_sha1sum')
    when jsonb_typeof(agent -> 'openid') = 'string' then 'openid:' || (agent ->> 'openid')
    when jsonb_typeof(agent -> 'account') = 'object'
      then 'account:' || (agent -> 'account' ->> 'homePage') || ' ' || (agent -> 'account' ->> 'name')
  end;
end;
$$;

-- The keys an Agent or Group answers to in the agent filter: its own, and a Group's members'.
create function private.xapi_agent_keys(agent jsonb) returns text[]
language plpgsql immutable set search_path = '' as $$
begin
  return array(
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
end;
$$;

-- The object, when it is an Agent or a Group (objectType says so; an object without one is an
-- Activity).
create function private.xapi_object_agent(statement jsonb) returns jsonb
language plpgsql immutable set search_path = '' as $$
begin
  return case when statement -> 'object' ->> 'objectType' in ('Agent', 'Group')
    then statement -> 'object' end;
end;
$$;

create function private.xapi_object_activity_id(statement jsonb) returns text
language plpgsql immutable set search_path = '' as $$
begin
  return case when coalesce(statement -> 'object' ->> 'objectType', 'Activity') = 'Activity'
    then statement -> 'object' ->> 'id' end;
end;
$$;

-- The agent filter's match: the actor or the object.
create function private.xapi_statement_agent_keys(statement jsonb) returns text[]
language plpgsql immutable set search_path = '' as $$
begin
  return private.xapi_agent_keys(statement -> 'actor')
    || private.xapi_agent_keys(private.xapi_object_agent(statement));
end;
$$;

-- related_agents: also the authority, the context's instructor and team, and all of those in a
-- SubStatement object.
create function private.xapi_related_agent_keys(statement jsonb) returns text[]
language plpgsql immutable set search_path = '' as $$
begin
  return array(
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
end;
$$;

-- The ids in a context's contextActivities (each an Activity or, as 1.0.3 still accepts, an array).
create function private.xapi_context_activity_ids(context jsonb) returns text[]
language plpgsql immutable set search_path = '' as $$
begin
  return array(
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
end;
$$;

-- related_activities: the object, the context activities, and those of a SubStatement object.
create function private.xapi_related_activity_ids(statement jsonb) returns text[]
language plpgsql immutable set search_path = '' as $$
begin
  return array(
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
end;
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
  -- The client whose credentials stored it (statements/read/mine reads these); or the launch
  -- session that did; neither for what the LMS wrote.
  lrs_client_id uuid references public.lrs_clients (id) on delete restrict,
  launch_session_id uuid,
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
-- The one exception is erasure: deleting an account (private.delete_account, 20261206000000)
-- deletes the statements about it, with a transaction-local setting on around that delete.
create function private.refuse_statement_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'DELETE' and current_setting('revolve.erasing_learning_records', true) = 'on' then
    return old;
  end if;
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

-- The credential a statement or document function is given, as a client: an LRS client while it is
-- not revoked; a cmi5 launch session while it lasts, with the scopes of docs/learning-records.md
-- section 4; a signed-in user (the edge function passes their id once it has verified their token),
-- who may read their own statements. PT401 for anything else. What sessions and users reach within
-- their scopes is bounded by private.lrs_credential_bounds.
create function private.lrs_live_client(client_id uuid) returns public.lrs_clients
language plpgsql stable set search_path = '' as $$
declare
  client public.lrs_clients;
begin
  select * into client from public.lrs_clients c where c.id = client_id and c.revoked_at is null;
  if found then
    return client;
  end if;
  if (private.lrs_live_session(client_id)).id is not null then
    return row(client_id, 'cmi5 launch session', replace(client_id::text, '-', ''), repeat('0', 64),
      array['statements/write', 'statements/read/mine', 'state', 'profile'], null, now(), null)::public.lrs_clients;
  end if;
  if exists (select 1 from auth.users u where u.id = client_id)
     and not exists (select 1 from public.lrs_clients c where c.id = client_id)
     and not exists (select 1 from xapi.launch_sessions s where s.id = client_id) then
    return row(client_id, 'Signed-in learner', replace(client_id::text, '-', ''), repeat('0', 64),
      array['statements/read/mine'], client_id, now(), null)::public.lrs_clients;
  end if;
  raise exception 'Unknown or revoked LRS client' using errcode = 'PT401';
end;
$$;

-- The credential a Basic key and secret name, counted against its rate limit (lrs_admit) in the
-- same call: a live LRS client (its id, name, key and scopes), or, for the key `cmi5`, the live
-- launch session whose token the secret is, with the LMS's authority (its statements'
-- `authority`); no row otherwise, and nothing counted.
create function public.lrs_authenticate(key text, secret text)
returns table (client_id uuid, client_name text, client_key text, scopes text[], authority jsonb,
  admitted boolean, request_limit integer, retry_after integer)
language plpgsql volatile security definer set search_path = '' as $$
begin
  return query
    with credential as (
      select c.id, c.name, c.key, c.scopes, null::jsonb as authority
      from public.lrs_clients c
      where c.key = lrs_authenticate.key
        and c.secret_hash = private.lrs_secret_hash(lrs_authenticate.secret)
        and c.revoked_at is null
      union all
      select s.id, 'cmi5 launch session', s.id::text,
        array['statements/write', 'statements/read/mine', 'state', 'profile'], p.lms_authority
      from xapi.launch_sessions s
      join public.learning_progress p on p.registration = s.registration
      where lrs_authenticate.key = 'cmi5'
        and s.token_hash = private.lrs_secret_hash(lrs_authenticate.secret)
        and (private.lrs_live_session(s.id)).id is not null
    )
    select c.id, c.name, c.key, c.scopes, c.authority, a.admitted, a.request_limit, a.retry_after
    from credential c
    cross join lateral public.lrs_admit(c.id) as a;
end;
$$;

-- Requests per credential and minute, for the LRS's rate limit. Unlogged: a count lost in a crash
-- costs a minute's limit, not data.
create unlogged table xapi.request_counts (
  credential_id uuid not null,
  minute timestamptz not null,
  requests integer not null,
  primary key (credential_id, minute)
);
alter table xapi.request_counts enable row level security;
revoke all on xapi.request_counts from public, anon, authenticated, service_role;

-- How many requests a minute a credential may make: an LRS client (tools sending in bulk) 12,000;
-- a launch session (one learner's player, a statement every few seconds) 240; a signed-in user
-- reading their statements 120.
create function private.lrs_request_limit(credential_id uuid) returns integer
language sql stable set search_path = '' as $$
  select case
    when exists (select 1 from public.lrs_clients c where c.id = credential_id) then 12000
    when exists (select 1 from xapi.launch_sessions s where s.id = credential_id) then 240
    else 120 end;
$$;

-- Counts a request against its credential's limit (the edge function calls it once per request,
-- after authenticating): {admitted, request_limit, retry_after (seconds to the next minute)}.
create function public.lrs_admit(credential uuid)
returns table (admitted boolean, request_limit integer, retry_after integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  this_minute timestamptz := date_trunc('minute', now());
  counted integer;
begin
  request_limit := private.lrs_request_limit(credential);
  insert into xapi.request_counts as c (credential_id, minute, requests)
  values (credential, this_minute, 1)
  on conflict (credential_id, minute) do update set requests = c.requests + 1
  returning c.requests into counted;
  if counted = 1 then
    delete from xapi.request_counts c
    where c.credential_id = credential and c.minute < this_minute;
  end if;
  admitted := counted <= request_limit;
  retry_after := case when admitted then null
    else ceil(extract(epoch from this_minute + interval '1 minute' - now()))::integer end;
  return next;
end;
$$;

-- The agents (and, for a session, the registration) a launch session or a signed-in user reaches:
-- a session, its learner in its registration; a user, the actors the LMS launched them as. Both
-- null for an LRS client, whose scopes alone decide.
create function private.lrs_credential_bounds(
  client_id uuid, out agent_keys text[], out registration uuid
)
language plpgsql stable set search_path = '' as $$
begin
  if exists (select 1 from public.lrs_clients c where c.id = client_id) then
    return;
  end if;
  select array[p.actor_key], p.registration into agent_keys, registration
  from xapi.launch_sessions s
  join public.learning_progress p on p.registration = s.registration
  where s.id = client_id;
  if found then
    return;
  end if;
  agent_keys := array(
    select distinct p.actor_key from public.learning_progress p where p.user_id = client_id);
end;
$$;

-- The SHA-2 (256, 384 or 512, told by its length) of attachment data, in hex.
create function private.xapi_sha2(content bytea, hex_length integer) returns text
language sql immutable set search_path = '' as $$
  select encode(case hex_length when 64 then sha256(content) when 96 then sha384(content)
    else sha512(content) end, 'hex');
$$;

-- Inserts one statement as stored (with its id, stored, authority, timestamp and version) and the
-- columns the filters read.
create function private.xapi_insert_statement(
  final jsonb, stored_at timestamptz, lrs_client_id uuid, launch_session_id uuid
)
returns void
language plpgsql volatile set search_path = '' as $$
declare
  voided_verb constant text := 'http://adlnet.gov/expapi/verbs/voided';
  statement_id uuid := (final ->> 'id')::uuid;
  ref uuid := case when final -> 'object' ->> 'objectType' = 'StatementRef'
    then (final -> 'object' ->> 'id')::uuid end;
begin
  insert into xapi.statements (id, statement, stored, lrs_client_id, launch_session_id, agent_keys,
    related_agent_keys, verb_id, activity_id, related_activity_ids, registration, statement_ref,
    voided)
  values (statement_id, final, stored_at, lrs_client_id, launch_session_id,
    private.xapi_statement_agent_keys(final), private.xapi_related_agent_keys(final),
    final -> 'verb' ->> 'id', private.xapi_object_activity_id(final),
    private.xapi_related_activity_ids(final), (final -> 'context' ->> 'registration')::uuid, ref,
    -- A statement voided before it arrived is stored voided.
    not (final -> 'verb' ->> 'id' = voided_verb and ref is not null)
      and exists (select 1 from xapi.statements v where v.statement_ref = statement_id and v.voiding));
end;
$$;

-- Stores a batch of statements the edge function has validated and given ids, all or none, and
-- answers their ids in order. A statement whose id is stored already is accepted without change when
-- it is the same statement, refused (PT409) otherwise. `attachments` is the data that came with the
-- batch: [{sha2, contentType, content (base64)}], each checked against its hash; every attachment
-- of a statement must have a fileUrl or its data here or already stored. A launch session writes
-- only its learner's statements in its registration, and voids nothing (42501). Each new statement
-- of a registration the LMS launched updates its progress (private.learning_record_statement).
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
  bounds record;
  session_id uuid;
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
  select * into bounds from private.lrs_credential_bounds(client_id);
  session_id := case when bounds.registration is not null then client_id end;
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

  -- The progress rows this batch updates, locked in one order first: batches that share
  -- registrations in another order would otherwise deadlock.
  perform 1 from public.learning_progress p
  where p.registration in (
    select (s -> 'context' ->> 'registration')::uuid from jsonb_array_elements(statements) as batch (s)
    where s -> 'context' ->> 'registration' ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
  )
  order by p.registration
  for update;

  for item in select s from jsonb_array_elements(statements) with ordinality as batch (s, place)
    order by place
  loop
    if jsonb_typeof(item) is distinct from 'object' or jsonb_typeof(item -> 'id') is distinct from 'string' then
      raise exception 'Each statement must be an object with an id' using errcode = '22023';
    end if;
    if session_id is not null and (
      not coalesce(private.xapi_agent_key(item -> 'actor') = any (bounds.agent_keys), false)
      or (item -> 'context' ->> 'registration')::uuid is distinct from bounds.registration
      or item -> 'verb' ->> 'id' = voided_verb
    ) then
      raise exception 'A launch session writes only its learner''s statements in its registration, and voids none'
        using errcode = '42501';
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
      -- The target may not have arrived yet: it is voided when it does.
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
    perform private.xapi_insert_statement(final, stored_at,
      case when bounds.agent_keys is null then client.id end, session_id);
    perform private.learning_record_statement(final, stored_at, session_id);
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
  -- statements/read/mine: what this client stored; for a launch session or a signed-in user, their
  -- learner's statements (in the session's registration).
  only_client uuid;
  bounds record;
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
  select * into bounds from private.lrs_credential_bounds(client_id);
  if client.scopes && array['statements/read', 'all/read', 'all'] then
    only_client := null;
  elsif 'statements/read/mine' = any (client.scopes) then
    only_client := case when bounds.agent_keys is null then client.id end;
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
      and (only_client is null or s.lrs_client_id = only_client)
      and (bounds.agent_keys is null or s.agent_keys && bounds.agent_keys)
      and (bounds.registration is null or s.registration = bounds.registration);
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
         and ($10::text[] is null or c.agent_keys && $10)
         and ($11::uuid is null or c.registration = $11)
       order by c.seq %1$s
       limit $9 + 1
     ) as listed',
    case when ascending then 'asc' else 'desc' end,
    matching,
    case when ascending then '>' else '<' end)
  into page, has_more, last_seq
  using agent_key, query ->> 'verb', query ->> 'activity', (query ->> 'registration')::uuid,
    (query ->> 'since')::timestamptz, (query ->> 'until')::timestamptz, cursor_seq, only_client,
    page_size, bounds.agent_keys, bounds.registration;
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

-- The agent key a document is filed under, once the client may reach the document: its scopes
-- cover the kind (`state` for state, `profile` for both profiles, `all` for all three; `all/read`
-- for reading), and a launch session reaches only its learner's state in its registration and
-- reads their agent profile, where cmi5's learner preferences are (42501 otherwise). Null for an
-- activity profile, which has no agent; 22023 when the kind needs an agent and the one given has no
-- identifier.
create function private.lrs_document_owner(
  client_id uuid, kind text, agent jsonb, registration uuid, writing boolean
)
returns text
language plpgsql stable set search_path = '' as $$
declare
  client public.lrs_clients := private.lrs_live_client(client_id);
  bounds record;
  owner_key text := private.xapi_agent_key(agent);
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
  select * into bounds from private.lrs_credential_bounds(client_id);
  if bounds.agent_keys is not null and (kind = 'activity_profile'
      or (kind = 'agent_profile' and writing)) then
    raise exception 'A launch session reaches its learner''s state and reads their agent profile only'
      using errcode = '42501';
  end if;
  if kind = 'activity_profile' then
    return null;
  end if;
  if owner_key is null then
    raise exception 'agent must be an Agent with an identifier' using errcode = '22023';
  end if;
  if bounds.agent_keys is not null and (not owner_key = any (bounds.agent_keys)
      or (kind = 'state' and registration is distinct from bounds.registration)) then
    raise exception 'A launch session reaches only its learner''s documents, and state in its registration'
      using errcode = '42501';
  end if;
  return owner_key;
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
  owner_key := private.lrs_document_owner(client_id, kind, agent, registration, false);
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
  owner_key := private.lrs_document_owner(client_id, kind, agent, registration, false);
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
  owner_key := private.lrs_document_owner(client_id, kind, agent, registration, true);
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
  owner_key := private.lrs_document_owner(client_id, kind, agent, registration, true);
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
  owner_key := private.lrs_document_owner(client_id, kind, agent, registration, true);
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
  owner_key := private.lrs_document_owner(client_id, 'state', agent, lrs_delete_state.registration, true);
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

-- cmi5: launches, progress, the LMS's statements (docs/learning-records.md section 4) ---------------

-- The Video Profile's played-segments ("0[.]5.2[,]10[.]20": start[.]end, in seconds) as one
-- multirange; a malformed or empty segment adds nothing (the statement stays valid xAPI).
create function private.video_played_segments(segments text) returns nummultirange
language sql immutable set search_path = '' as $$
  select coalesce(range_agg(numrange(s.start_at, s.end_at)), '{}'::nummultirange)
  from (
    select split_part(part, '[.]', 1)::numeric as start_at, split_part(part, '[.]', 2)::numeric as end_at
    from unnest(string_to_array(segments, '[,]')) as parts (part)
    where part ~ '^[0-9]{1,9}(\.[0-9]{1,6})?\[\.\][0-9]{1,9}(\.[0-9]{1,6})?$'
  ) as s
  where s.start_at < s.end_at;
$$;

create function private.seconds_in(played nummultirange) returns numeric
language sql immutable set search_path = '' as $$
  select coalesce(sum(upper(r) - lower(r)), 0) from unnest(played) as ranges (r);
$$;

-- An ISO 8601 duration in seconds, as xAPI's result.duration takes it.
create function private.xapi_duration(span interval) returns text
language sql immutable set search_path = '' as $$
  select format('PT%sS', round(greatest(extract(epoch from span), 0)::numeric, 2));
$$;

-- Writes a statement the LMS makes about a registration (launched, satisfied, abandoned): the
-- learner as actor, the module as object, cmi5's category, the session id, and the LMS's authority.
create function private.xapi_lms_statement(
  progress public.learning_progress, session_id uuid, verb_id text, verb_name text,
  extensions jsonb, result jsonb, stored_at timestamptz
)
returns void
language plpgsql volatile set search_path = '' as $$
begin
  perform private.xapi_insert_statement(
    jsonb_build_object(
      'id', gen_random_uuid(),
      'actor', progress.actor,
      'verb', jsonb_build_object('id', verb_id, 'display', jsonb_build_object('en-US', verb_name)),
      'object', jsonb_build_object('objectType', 'Activity', 'id', progress.activity_id),
      'context', jsonb_build_object(
        'registration', progress.registration,
        'contextActivities', jsonb_build_object('category', jsonb_build_array(jsonb_build_object(
          'objectType', 'Activity', 'id', 'https://w3id.org/xapi/cmi5/context/categories/cmi5'))),
        'extensions', jsonb_build_object(
          'https://w3id.org/xapi/cmi5/context/extensions/sessionid', session_id) || extensions),
      'timestamp', private.xapi_timestamp(stored_at),
      'stored', private.xapi_timestamp(stored_at),
      'authority', progress.lms_authority,
      'version', '1.0.0')
    || case when result is null then '{}'::jsonb else jsonb_build_object('result', result) end,
    stored_at, null, null);
end;
$$;

-- Keeps a registration's progress with a statement just stored for it: the learner's statements in
-- a registration the LMS launched move last_activity_at; played-segments are unioned into `played`,
-- whose length within the module is seconds_watched (percent: its share of the length, rounded
-- down); the first `completed` completes the registration and the LMS writes `satisfied` (moveOn
-- Completed). A session's statements also mark its last statement, and `terminated` ends it.
create function private.learning_record_statement(
  statement jsonb, stored_at timestamptz, session_id uuid
)
returns void
language plpgsql volatile set search_path = '' as $$
declare
  completed_verb constant text := 'http://adlnet.gov/expapi/verbs/completed';
  segments_extension constant text := 'https://w3id.org/xapi/video/extensions/played-segments';
  verb text := statement -> 'verb' ->> 'id';
  progress public.learning_progress;
  module_length integer;
  all_played nummultirange;
  watched numeric;
begin
  if session_id is not null then
    update xapi.launch_sessions s
    set last_statement_at = stored_at,
      terminated_at = case when verb = 'http://adlnet.gov/expapi/verbs/terminated' then stored_at
        else s.terminated_at end
    where s.id = session_id;
  end if;
  select * into progress from public.learning_progress p
  where p.registration = (statement -> 'context' ->> 'registration')::uuid
  for update;
  if not found or private.xapi_agent_key(statement -> 'actor') is distinct from progress.actor_key then
    return;
  end if;
  select m.length_seconds into module_length from public.learning_modules m
  where m.slug = progress.module;
  all_played := progress.played;
  if jsonb_typeof(statement -> 'result' -> 'extensions' -> segments_extension) = 'string' then
    all_played := all_played
      + private.video_played_segments(statement -> 'result' -> 'extensions' ->> segments_extension);
  end if;
  watched := least(private.seconds_in(all_played * nummultirange(numrange(0, module_length))),
    module_length);
  update public.learning_progress p
  set last_activity_at = greatest(p.last_activity_at, stored_at),
    played = all_played,
    seconds_watched = floor(watched)::integer,
    percent = floor(100 * watched / module_length)::smallint,
    completed_at = case when p.completed_at is null and verb = completed_verb then stored_at
      else p.completed_at end
  where p.registration = progress.registration;
  if progress.completed_at is null and verb = completed_verb then
    perform private.xapi_lms_statement(progress,
      coalesce(session_id, (statement -> 'context' -> 'extensions'
        ->> 'https://w3id.org/xapi/cmi5/context/extensions/sessionid')::uuid),
      'https://w3id.org/xapi/adl/verbs/satisfied', 'satisfied', '{}', null, stored_at);
  end if;
end;
$$;

-- Whether a user may open a module's training is private.may_open_module, with the organisations
-- (20261130000000_organisation_workspace.sql).

-- Ends a session that never sent `terminated` (cmi5 9.3.9): the LMS writes `abandoned`, with the
-- session's length up to its last statement as the duration, and its token stops working.
create function private.abandon_session(
  progress public.learning_progress, session xapi.launch_sessions, at timestamptz
)
returns void
language plpgsql volatile set search_path = '' as $$
begin
  perform private.xapi_lms_statement(progress, session.id,
    'https://w3id.org/xapi/adl/verbs/abandoned', 'abandoned', '{}',
    jsonb_build_object('duration', private.xapi_duration(
      coalesce(session.last_statement_at, session.launched_at) - session.launched_at)),
    at);
  update xapi.launch_sessions set abandoned_at = at where id = session.id;
end;
$$;

-- Launches a module for a learner as a cmi5 assignable unit (docs/learning-records.md section 4),
-- for the edge function launch-module, which has verified the user: the registration (made on the
-- first launch), `abandoned` for the registration's sessions that never terminated, a new session
-- with a one-time fetch code, the `launched` statement, LMS.LaunchData and the learner's
-- preferences. `site_url` is the site's
-- origin (the actor's homePage, the IRIs' base); `launch_url` the player address launched.
-- Answers {registration, session, fetch_code, actor, activity_id, launch_mode}; 42501 when the
-- user may not open the module.
create function public.lrs_launch(user_id uuid, module text, site_url text, launch_url text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  cmi5 constant text := 'https://w3id.org/xapi/cmi5/context/extensions/';
  site text := rtrim(coalesce(site_url, ''), '/');
  chosen public.learning_modules;
  progress public.learning_progress;
  earlier xapi.launch_sessions;
  session_id uuid := gen_random_uuid();
  fetch_code text := encode(extensions.gen_random_bytes(24), 'hex');
  now_at timestamptz := date_trunc('milliseconds', clock_timestamp());
  mode text;
  parameters text;
  launch_data bytea;
  preferences bytea;
  learner jsonb;
begin
  if site !~ '^https?://[^/?#[:space:]]+$' then
    raise exception 'site_url must be an origin' using errcode = '22023';
  end if;
  if coalesce(char_length(launch_url), 0) not between 1 and 2048
     or launch_url !~ '^https?://[!-~]+$' then
    raise exception 'launch_url must be an http(s) URL' using errcode = '22023';
  end if;
  select * into chosen from public.learning_modules m where m.slug = module;
  if not found then
    raise exception 'Unknown training module' using errcode = '22023';
  end if;
  if user_id is null or not private.may_open_module(user_id, module) then
    raise exception 'Unlock this module before starting its training' using errcode = '42501';
  end if;

  learner := jsonb_build_object('objectType', 'Agent',
    'account', jsonb_build_object('homePage', site, 'name', user_id::text));
  insert into public.learning_progress as p (user_id, module, actor, actor_key, activity_id,
    lms_authority, first_launched_at, last_activity_at)
  values (user_id, module, learner, private.xapi_agent_key(learner),
    site || '/xapi/activities/module/' || module,
    jsonb_build_object('objectType', 'Agent', 'name', 'Revolve',
      'account', jsonb_build_object('homePage', site, 'name', 'revolve-lms')),
    now_at, now_at)
  on conflict on constraint learning_progress_user_id_module_key do nothing;
  select * into progress from public.learning_progress p
  where p.user_id = lrs_launch.user_id and p.module = lrs_launch.module
  for update;

  for earlier in
    select * from xapi.launch_sessions s
    where s.registration = progress.registration and s.terminated_at is null
      and s.abandoned_at is null
    for update
  loop
    perform private.abandon_session(progress, earlier, now_at);
  end loop;

  mode := case when progress.completed_at is null then 'Normal' else 'Review' end;
  parameters := jsonb_build_object('length', chosen.length_seconds,
    'completionThreshold', chosen.completion_threshold)::text;
  insert into xapi.launch_sessions (id, registration, launch_mode, launch_url, fetch_hash, launched_at)
  values (session_id, progress.registration, mode, launch_url, private.lrs_secret_hash(fetch_code),
    now_at);
  perform private.xapi_lms_statement(progress, session_id, 'http://adlnet.gov/expapi/verbs/launched',
    'launched', jsonb_build_object(cmi5 || 'launchmode', mode, cmi5 || 'launchurl', launch_url,
      cmi5 || 'moveon', 'Completed', cmi5 || 'launchparameters', parameters),
    null, now_at);

  launch_data := convert_to(jsonb_build_object(
    'contextTemplate', jsonb_build_object(
      'contextActivities', jsonb_build_object('grouping', jsonb_build_array(
        jsonb_build_object('objectType', 'Activity', 'id', progress.activity_id))),
      'extensions', jsonb_build_object(cmi5 || 'sessionid', session_id)),
    'launchMode', mode,
    'launchMethod', 'AnyWindow',
    'moveOn', 'Completed',
    'launchParameters', parameters)::text, 'UTF8');
  insert into xapi.documents (kind, activity_id, agent_key, registration, document_id, content,
    content_type, etag, updated)
  values ('state', progress.activity_id, progress.actor_key, progress.registration, 'LMS.LaunchData',
    launch_data, 'application/json', private.xapi_etag(launch_data), now_at)
  on conflict on constraint documents_unique_key do update
    set content = excluded.content, content_type = excluded.content_type, etag = excluded.etag,
      updated = excluded.updated;
  -- cmi5's learner preferences (section 11), once per learner: the site is in British English and
  -- its modules have sound; a learner may not change them yet.
  preferences := convert_to('{"languagePreference": "en-GB", "audioPreference": "on"}', 'UTF8');
  insert into xapi.documents (kind, agent_key, document_id, content, content_type, etag, updated)
  values ('agent_profile', progress.actor_key, 'cmi5LearnerPreferences', preferences,
    'application/json', private.xapi_etag(preferences), now_at)
  on conflict on constraint documents_unique_key do nothing;
  update public.learning_progress p set last_activity_at = greatest(p.last_activity_at, now_at)
  where p.registration = progress.registration;

  return jsonb_build_object('registration', progress.registration, 'session', session_id,
    'fetch_code', fetch_code, 'actor', progress.actor, 'activity_id', progress.activity_id,
    'launch_mode', mode);
end;
$$;

-- The launch token for a fetch code, once (cmi5 8.2.3): the first call within ten minutes of the
-- launch answers {"auth-token": base64("cmi5:<secret>")}, the secret kept only as a hash; a repeated
-- or late call {"error-code": "1"}, an unknown code {"error-code": "2"}.
create function public.lrs_fetch_token(fetch_code text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  session xapi.launch_sessions;
  secret text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  select * into session from xapi.launch_sessions s
  where s.fetch_hash = private.lrs_secret_hash(fetch_code)
  for update;
  if not found then
    return jsonb_build_object('error-code', '2', 'error-text', 'This launch is not known.');
  end if;
  if session.fetched_at is not null or session.launched_at <= now() - interval '10 minutes'
     or session.terminated_at is not null or session.abandoned_at is not null then
    return jsonb_build_object('error-code', '1',
      'error-text', 'This launch has been used or has expired. Start the training again.');
  end if;
  update xapi.launch_sessions
  set fetched_at = now(), token_hash = private.lrs_secret_hash(secret)
  where id = session.id;
  return jsonb_build_object('auth-token',
    translate(encode(convert_to('cmi5:' || secret, 'UTF8'), 'base64'), E'\n', ''));
end;
$$;

-- Abandons the sessions whose credential has run out (12 hours from the launch) without
-- `terminated`, so that a learner who never comes back still has their session closed; answers how
-- many. Run hourly by pg_cron.
create function public.abandon_stale_sessions() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  stale record;
  abandoned integer := 0;
  now_at timestamptz := date_trunc('milliseconds', clock_timestamp());
begin
  for stale in
    select p as progress, s as session
    from xapi.launch_sessions s
    join public.learning_progress p on p.registration = s.registration
    where s.terminated_at is null and s.abandoned_at is null
      and s.launched_at <= now() - interval '12 hours'
    order by s.launched_at
    for update of s skip locked
  loop
    perform private.abandon_session(stale.progress, stale.session, now_at);
    abandoned := abandoned + 1;
  end loop;
  return abandoned;
end;
$$;

-- Per module, over the last `days` days: learners who first launched it, who completed it, and the
-- median minutes watched by the learners active on it. Admins at aal2.
create function public.admin_learning_summary(days integer)
returns table (module text, starts integer, completions integer, median_minutes numeric)
language plpgsql stable security definer set search_path = '' as $$
declare
  since timestamptz;
begin
  perform private.assert_admin();
  since := private.activity_window_start(days);
  return query
    select p.module,
      (count(*) filter (where p.first_launched_at > since))::integer,
      (count(*) filter (where p.completed_at > since))::integer,
      round((percentile_cont(0.5) within group (order by p.seconds_watched) / 60)::numeric, 1)
    from public.learning_progress p
    where p.last_activity_at > since
    group by p.module
    order by 2 desc, 1;
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
  private.lrs_document_owner(uuid, text, jsonb, uuid, boolean),
  private.xapi_etag(bytea), private.xapi_json_object(bytea, text),
  private.xapi_document_key(text, text, text, uuid, text), private.lrs_live_session(uuid),
  private.lrs_credential_bounds(uuid), private.xapi_insert_statement(jsonb, timestamptz, uuid, uuid),
  private.video_played_segments(text), private.seconds_in(nummultirange),
  private.xapi_duration(interval),
  private.xapi_lms_statement(public.learning_progress, uuid, text, text, jsonb, jsonb, timestamptz),
  private.learning_record_statement(jsonb, timestamptz, uuid),
  private.abandon_session(public.learning_progress, xapi.launch_sessions, timestamptz),
  private.lrs_request_limit(uuid)
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
  public.lrs_person(uuid, jsonb), public.lrs_launch(uuid, text, text, text),
  public.lrs_fetch_token(text), public.admin_learning_summary(integer),
  public.abandon_stale_sessions(), public.lrs_admit(uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.create_lrs_client(text, text[]), public.revoke_lrs_client(uuid),
  public.admin_lrs_clients(), public.admin_learning_summary(integer)
  to authenticated, service_role;
grant execute on function public.lrs_authenticate(text, text),
  public.lrs_store_statements(uuid, jsonb, jsonb, jsonb), public.lrs_statements(uuid, jsonb),
  public.lrs_document(uuid, text, text, jsonb, uuid, text),
  public.lrs_document_ids(uuid, text, text, jsonb, uuid, timestamptz),
  public.lrs_put_document(uuid, text, text, jsonb, uuid, text, text, text, text[], text),
  public.lrs_post_document(uuid, text, text, jsonb, uuid, text, text, text, text[], text),
  public.lrs_delete_document(uuid, text, text, jsonb, uuid, text, text[]),
  public.lrs_delete_state(uuid, text, jsonb, uuid), public.lrs_activity(uuid, text),
  public.lrs_person(uuid, jsonb), public.lrs_launch(uuid, text, text, text),
  public.lrs_fetch_token(text), public.abandon_stale_sessions(), public.lrs_admit(uuid)
  to service_role;

-- Sessions nobody closed are abandoned once their credential has run out.
select cron.schedule('abandon-stale-sessions', '17 * * * *', 'select public.abandon_stale_sessions()');
