/**
 * config.toml's [db.vault], applied as the Supabase CLI applies it (`supabase start`, and `supabase
 * db push` before it pushes migrations): each `name = "value"` becomes the Vault secret of that
 * name, created with vault.create_secret or, when one of that name exists, replaced with
 * vault.update_secret. A value may be `env(NAME)`, read from the environment; one whose variable is
 * unset or empty is skipped, so the secret keeps whatever it had, as with the CLI.
 *
 * Two names are the backend's own, whatever the environment says, so that a job calling this
 * backend reaches the address it actually serves with a key it accepts:
 *   SUPABASE_URL         the API's URL (http://127.0.0.1:<api port>)
 *   SUPABASE_SECRET_KEY  its secret key (sb_secret_...)
 * On a hosted project the same config reads them from the shell that runs `supabase db push`.
 */
import type pg from 'pg';
import type { BackendConfig } from '../config';
import { BackendStartError } from '../start-error';
import { LOCAL_SECRET_KEY } from '../keys';

/** The names the backend supplies itself in [db.vault]'s `env(NAME)` values. */
export function backendVaultVariables(config: BackendConfig): Record<string, string> {
  return { SUPABASE_URL: config.apiUrl, SUPABASE_SECRET_KEY: LOCAL_SECRET_KEY };
}

/** [db.vault] with `env(NAME)` resolved; the secrets with no value left out. */
export function vaultSecretValues(
  config: BackendConfig,
  environment: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const own = backendVaultVariables(config);
  const values: Record<string, string> = {};
  for (const [name, written] of Object.entries(config.dbVault)) {
    const variable = /^env\((\w+)\)$/.exec(written)?.[1];
    const value = variable === undefined ? written : (own[variable] ?? environment[variable] ?? '');
    if (value !== '') values[name] = value;
  }
  return values;
}

/** Creates or replaces each secret by name, in one transaction. */
export async function applyVaultSecrets(
  pool: pg.Pool,
  secrets: Record<string, string>,
): Promise<void> {
  if (Object.keys(secrets).length === 0) return;
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const [name, value] of Object.entries(secrets)) {
      await client.query(
        `select case
           when exists (select 1 from vault.secrets where name = $1)
             then (select vault.update_secret(id, $2) from vault.secrets where name = $1)::text
           else vault.create_secret($2, $1)::text
         end`,
        [name, value],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw new BackendStartError(
      `config.toml's [db.vault] could not be applied: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    client.release();
  }
}
