import type { AppSupabaseClient } from '@/lib/supabase';
import { logger } from '@/lib/logger';
import { connectAuth, signOutHere } from './authStore';

/**
 * Every account action the app performs. Each resolves to the failure to show (the provider's
 * message), or null on success; the pages decide what the user sees. None of them throws.
 *
 * They are not query mutations: what they change is the session, which the auth store holds and
 * every screen follows, so no cached read waits to be invalidated; and the account forms that call
 * them are prerendered first views, which do not carry the query library.
 */
export interface AuthFailure {
  message: string;
}

const unreachable: AuthFailure = {
  message: 'Could not reach the sign-in service. Check your connection and try again.',
};

async function withClient(
  action: (supabase: AppSupabaseClient) => Promise<AuthFailure | null>,
): Promise<AuthFailure | null> {
  try {
    return await action(await connectAuth());
  } catch (error) {
    logger.error('Account action failed:', error);
    return unreachable;
  }
}

function siteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

export function signInWithPassword(email: string, password: string) {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.signInWithPassword({ email, password });
    return error;
  });
}

/** Creates the account; with e-mail confirmation on (not the default here) there is no session yet. */
export async function signUp(values: { name: string; email: string; password: string }) {
  let needsConfirmation = false;
  const error = await withClient(async (supabase) => {
    const { data, error } = await supabase.auth.signUp({
      email: values.email,
      password: values.password,
      options: { data: { name: values.name }, emailRedirectTo: siteUrl('/') },
    });
    needsConfirmation = !error && data.session === null;
    return error;
  });
  return { error, needsConfirmation };
}

/** Leaves for Google's consent page (the local backend's stand-in in development); returns to /. */
export function signInWithGoogle() {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: siteUrl('/') },
    });
    return error;
  });
}

export function sendPasswordResetEmail(email: string) {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.resetPasswordForEmail(email, {
      redirectTo: siteUrl('/change-password'),
    });
    return error;
  });
}

/**
 * Sets a new password, then ends this browser's session so the user signs in with it (the backend
 * has already ended the user's other sessions).
 */
export function changePassword(password: string) {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.updateUser({ password });
    return error ?? (await signOutHere('local'));
  });
}

export function signOut() {
  return withClient(() => signOutHere('global'));
}
