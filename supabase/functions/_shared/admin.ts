import type { SupabaseClient } from '@supabase/supabase-js';
import { HttpError } from './http.ts';
import { requireUser } from './user.ts';

/**
 * The caller as the database sees them: a client carrying their own token, so the SQL functions
 * check admin rights again (RLS and SECURITY DEFINER checks), after this function has checked them.
 * Admin powers need a session through a second factor (aal2), as the database's own check does.
 */
export async function requireAdmin(
  request: Request,
): Promise<{ db: SupabaseClient; userId: string }> {
  const { db, userId, aal } = await requireUser(request.headers.get('Authorization'));
  const { data: role, error: roleError } = await db
    .from('user_roles')
    .select('role')
    .eq('user_id', userId)
    .eq('role', 'admin')
    .maybeSingle();
  if (roleError) throw new Error(`Admin check failed: ${roleError.message}`);
  if (!role) throw new HttpError(403, 'You do not have admin privileges.');
  if (aal !== 'aal2') throw new HttpError(403, 'Two-factor authentication required');
  return { db, userId };
}

/** Turns a database error from an action into the HTTP status its SQLSTATE names (PTnnn). */
export function actionError(
  error: { code?: string; message: string },
  fallback: string,
): HttpError {
  const custom = /^PT(\d{3})$/.exec(error.code ?? '');
  if (custom) return new HttpError(Number(custom[1]), error.message);
  if (error.code === '42501') return new HttpError(403, error.message);
  console.error(error);
  return new HttpError(500, fallback);
}
