import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '@revolve/local-backend/keys';
import { clientFor } from '@revolve/local-backend/testing';

export const projectUrl = inject('projectUrl');
export const mailboxUrl = inject('projectMailboxUrl');

/** Every seeded account's password (supabase/seed.sql). */
export const seedPassword = 'Password123';

export const anonClient = () => clientFor(projectUrl, LOCAL_ANON_KEY);
export const serviceClient = () => clientFor(projectUrl, LOCAL_SERVICE_ROLE_KEY);

export async function signedIn(email: string, password = seedPassword): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`Could not sign in ${email}: ${error.message}`);
  return client;
}

/** A new account (its profile is made by the sign-up trigger), signed in. */
export async function newUser(
  name = 'Test User',
): Promise<{ client: SupabaseClient; id: string; email: string }> {
  const client = anonClient();
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const { data, error } = await client.auth.signUp({
    email,
    password: seedPassword,
    options: { data: { name } },
  });
  if (error || !data.user) throw new Error(`Could not sign up ${email}: ${error?.message}`);
  return { client, id: data.user.id, email };
}

let pool: pg.Pool | undefined;
/** Direct SQL as postgres, to arrange and inspect state. */
export function database(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: inject('projectDbUrl'), max: 3 });
  return pool;
}

export const seeded = {
  admin: { id: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' },
  active: { id: 'a0000000-0000-4000-8000-000000000002', email: 'active@example.com' },
  expiring: { id: 'a0000000-0000-4000-8000-000000000003', email: 'expiring@example.com' },
  pending: { id: 'a0000000-0000-4000-8000-000000000004', email: 'pending@example.com' },
  retrial: { id: 'a0000000-0000-4000-8000-000000000005', email: 'retrial@example.com' },
  expired: { id: 'a0000000-0000-4000-8000-000000000006', email: 'expired@example.com' },
  fresh: { id: 'a0000000-0000-4000-8000-000000000007', email: 'new@example.com' },
} as const;
