import type { AuthError } from '@supabase/supabase-js';
import { connectAuth, signOutHere } from './authStore';

/**
 * Every account action the app performs. Each resolves to the provider's error, or null on
 * success; the pages decide what the user sees.
 */

function siteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

export async function signInWithPassword(email: string, password: string) {
  const supabase = await connectAuth();
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  return error;
}

export async function signUp(values: { name: string; email: string; password: string }) {
  const supabase = await connectAuth();
  const { data, error } = await supabase.auth.signUp({
    email: values.email,
    password: values.password,
    options: { data: { name: values.name }, emailRedirectTo: siteUrl('/') },
  });
  return { error, needsConfirmation: !error && data.session === null };
}

/** Leaves for Google's consent page (the local backend's stand-in in development); returns to /. */
export async function signInWithGoogle(): Promise<AuthError | null> {
  const supabase = await connectAuth();
  const { error } = await supabase.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: siteUrl('/') },
  });
  return error;
}

export async function sendPasswordResetEmail(email: string): Promise<AuthError | null> {
  const supabase = await connectAuth();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: siteUrl('/change-password'),
  });
  return error;
}

/**
 * Sets a new password, then ends this browser's session so the user signs in with it (the backend
 * has already ended the user's other sessions).
 */
export async function changePassword(password: string): Promise<AuthError | null> {
  const supabase = await connectAuth();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) return error;
  return signOutHere('local');
}

export function signOut(): Promise<AuthError | null> {
  return signOutHere('global');
}
