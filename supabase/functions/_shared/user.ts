import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { HttpError } from './http.ts';
import { publishableKey } from './keys.ts';
import { requiredSetting } from './settings.ts';

export interface SignedInUser {
  /** A client carrying the user's own token, so the database applies their rights. */
  db: SupabaseClient;
  userId: string;
  /** The session's assurance level: aal2 after a second factor. */
  aal: string | undefined;
  /** The token's verified claims (`amr` says how and when the user proved who they are). */
  claims: Record<string, unknown>;
}

/** The user a `Bearer` access token names, its claims verified; 401 otherwise. */
export async function requireUser(authorization: string | null): Promise<SignedInUser> {
  if (!authorization?.startsWith('Bearer ')) throw new HttpError(401, 'Please sign in.');
  const db = createClient(requiredSetting('SUPABASE_URL'), publishableKey(), {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  // Verified claims: by the project's signing keys, or by the auth server for a shared secret.
  const { data, error } = await db.auth.getClaims(authorization.slice('Bearer '.length));
  const userId = data?.claims.sub;
  if (error || !userId || data.claims.role !== 'authenticated') {
    throw new HttpError(401, 'Please sign in.');
  }
  return {
    db,
    userId,
    aal: typeof data.claims.aal === 'string' ? data.claims.aal : undefined,
    claims: data.claims as Record<string, unknown>,
  };
}
