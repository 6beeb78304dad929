/**
 * Supabase Vault for the embedded Postgres, which ships without it: a stand-in extension named
 * supabase_vault (supabase_vault.control and supabase_vault--0.3.1.sql beside this file) written
 * into Postgres's extension folder. Hosted projects have it installed in schema vault before their
 * first migration, so the bootstrap installs it too (installVaultSql, run by setup/migrate.ts after
 * the roles exist): migrations and seeds call vault.create_secret without creating it, and one that
 * does `create extension if not exists supabase_vault with schema vault;` finds it there.
 *
 * Secrets are not encrypted here (see the SQL file); the privileges are hosted Supabase's.
 */
import type { StandInExtension } from '../db/stand-in-extension';

export const vaultStandIn: StandInExtension = {
  name: 'supabase_vault',
  version: '0.3.1',
  sourceDir: import.meta.dirname,
};

export const installVaultSql = `
create schema if not exists vault;
create extension if not exists supabase_vault with schema vault;`;
