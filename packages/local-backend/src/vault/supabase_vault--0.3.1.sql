-- The local backend's stand-in for Supabase Vault 0.3.1: vault.secrets, vault.decrypted_secrets,
-- vault.create_secret and vault.update_secret with Vault's columns, defaults and privileges, so that
-- migrations and seeds store secrets and SQL reads them exactly as on hosted Supabase.
--
-- NOT ENCRYPTED: hosted Vault keeps `secret` encrypted with a key Postgres never stores. Here the
-- secret is stored as given, and decrypted_secret is that same text: a local database holds local
-- values only, and whoever can read its files can read them. What protects them is the privileges,
-- which are hosted Supabase's: only postgres and service_role reach the vault schema.

\echo Use "create extension supabase_vault" to load this file. \quit

-- Hosted Supabase creates Vault as supabase_admin, so supabase_admin owns all of it, schema vault
-- included, and postgres, no superuser there, has only what is granted at the end. The caller's
-- role comes back at the end of this file.
select pg_catalog.set_config('local_backend.role_before_stand_in', pg_catalog.current_setting('role'), true);
set local role supabase_admin;
alter schema vault owner to supabase_admin;

create table vault.secrets (
  id uuid primary key default pg_catalog.gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  -- Vault's 16-byte nonce, unused here.
  nonce bytea default pg_catalog.uuid_send(pg_catalog.gen_random_uuid()),
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
comment on table vault.secrets is
  'Secrets stored by the local backend''s Vault stand-in (as plain text: it does not encrypt).';
create unique index on vault.secrets (name) where name is not null;

create view vault.decrypted_secrets as
select id, name, description, secret, secret as decrypted_secret, key_id, nonce, created_at, updated_at
  from vault.secrets;

-- Secrets are written only through these two (security definer, as in Vault): the roles that may
-- call them have no insert or update on vault.secrets.
create function vault.create_secret(
  new_secret text,
  new_name text default null,
  new_description text default '',
  new_key_id uuid default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  created uuid;
begin
  insert into vault.secrets (secret, name, description)
  values (new_secret, new_name, new_description)
  returning id into created;
  return created;
end
$$;

create function vault.update_secret(
  secret_id uuid,
  new_secret text default null,
  new_name text default null,
  new_description text default null,
  new_key_id uuid default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update vault.secrets
     set secret = coalesce(new_secret, secret),
         name = coalesce(new_name, name),
         description = coalesce(new_description, description),
         updated_at = pg_catalog.now()
   where id = secret_id;
end
$$;

revoke all on function vault.create_secret(text, text, text, uuid) from public;
revoke all on function vault.update_secret(uuid, text, text, text, uuid) from public;

-- The secrets are data a dump must keep, as Vault marks them.
select pg_catalog.pg_extension_config_dump('vault.secrets', '');

-- What hosted Supabase grants once Vault is created (its supabase_vault after-create script):
-- postgres may read and delete secrets and call both functions, with grant option, and so may
-- service_role (which could manage secrets through pgsodium before Vault 0.3). Nobody may insert
-- or update vault.secrets directly; anon and authenticated get nothing.
grant usage on schema vault to postgres with grant option;
grant select, delete on vault.secrets, vault.decrypted_secrets to postgres with grant option;
grant execute on function vault.create_secret(text, text, text, uuid),
  vault.update_secret(uuid, text, text, text, uuid) to postgres with grant option;
grant usage on schema vault to service_role;
grant select, delete on vault.secrets, vault.decrypted_secrets to service_role;
grant execute on function vault.create_secret(text, text, text, uuid),
  vault.update_secret(uuid, text, text, text, uuid) to service_role;

select pg_catalog.set_config('role', pg_catalog.current_setting('local_backend.role_before_stand_in'), true);
