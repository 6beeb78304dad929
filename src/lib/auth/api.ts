import type { AppSupabaseClient } from '@/lib/supabase';
import { logger } from '@/lib/logger';
import { connectAuth } from './authStore';
import { rememberSignInProvider, type ExternalProvider } from './externalProviders';
import { isWrongCode } from './wrongCode';

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
  /** The provider's error code, where there is one (e.g. 'mfa_verification_failed'). */
  code?: string;
}

export const unreachable: AuthFailure = {
  message: 'Could not reach the sign-in service. Check your connection and try again.',
};

/** GoTrue's code when a public form's request has no captcha token or a failed one (400). */
export const captchaFailedError = 'captcha_failed';

/**
 * The provider's failure in the user's words, where its own are not meant for them. The captcha's
 * words load only when needed: they are not part of the forms' first view.
 */
async function userFailure(failure: AuthFailure | null): Promise<AuthFailure | null> {
  if (failure?.code !== captchaFailedError) return failure;
  const { authCaptchaCopy } = await import('@/content/authCaptcha');
  return { message: authCaptchaCopy.refused, code: failure.code };
}

async function withClient(
  action: (supabase: AppSupabaseClient) => Promise<AuthFailure | null>,
): Promise<AuthFailure | null> {
  try {
    return await userFailure(await action(await connectAuth()));
  } catch (error) {
    logger.error('Account action failed:', error);
    return unreachable;
  }
}

/**
 * Ends the session in this browser ('local') or everywhere ('global'), as an action of this page.
 * Only called once connected (inside `withClient`); kept out of the auth store, which every page's
 * first view carries.
 */
async function signOutHere(scope: 'local' | 'global') {
  const session = await import('./authSession');
  return session.signOutHere(scope);
}

function siteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/**
 * The public forms' captcha token (src/lib/captcha), when the build has a captcha: Supabase Auth
 * refuses sign-up, password sign-in and password reset without one.
 */
export type CaptchaToken = string | undefined;

export function signInWithPassword(email: string, password: string, captchaToken?: CaptchaToken) {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.signInWithPassword({
      email,
      password,
      // Left out of the request when undefined (no captcha configured).
      options: { captchaToken },
    });
    return error;
  });
}

/** Creates the account; with e-mail confirmation on (not the default here) there is no session yet. */
export async function signUp(
  values: { name: string; email: string; password: string },
  captchaToken?: CaptchaToken,
) {
  let needsConfirmation = false;
  const error = await withClient(async (supabase) => {
    const { data, error } = await supabase.auth.signUp({
      email: values.email,
      password: values.password,
      options: {
        data: { name: values.name },
        emailRedirectTo: siteUrl('/'),
        captchaToken,
      },
    });
    needsConfirmation = !error && data.session === null;
    return error;
  });
  return { error, needsConfirmation };
}

/**
 * Leaves for the provider's consent page (the local backend's stand-in in development); the user
 * comes back to `returnPath`, a path on this site, signed in or with the failure in the address.
 */
export function signInWithProvider(provider: ExternalProvider, returnPath = '/') {
  return withClient(async (supabase) => {
    rememberSignInProvider(provider);
    const { error } = await supabase.auth.signInWithOAuth({
      provider,
      options: {
        redirectTo: siteUrl(returnPath),
        // Supabase Auth's azure provider reads the address from the ID token's email claim.
        ...(provider === 'azure' ? { scopes: 'email' } : {}),
      },
    });
    return error;
  });
}

export function sendPasswordResetEmail(email: string, captchaToken?: CaptchaToken) {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.resetPasswordForEmail(email, {
      redirectTo: siteUrl('/change-password'),
      captchaToken,
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

/**
 * Whether the session just started needs a code from an authenticator app before it is complete:
 * the user has a verified factor and signed in with a password only.
 */
export async function signInNeedsCode(): Promise<boolean> {
  try {
    const supabase = await connectAuth();
    const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    return data?.currentLevel === 'aal1' && data.nextLevel === 'aal2';
  } catch (error) {
    logger.error('Could not check for a second sign-in step:', error);
    return false;
  }
}

const noAuthenticatorApp: AuthFailure = {
  message: 'This account has no authenticator app set up. Sign out and sign in again.',
};

/**
 * The sign-in code step: checks a code from the user's authenticator app, which raises the session
 * to aal2 (the MFA_CHALLENGE_VERIFIED event). A user with several apps may enter a code from any of
 * them, so each verified factor is tried until one accepts it.
 */
export function verifySignInCode(code: string) {
  return withClient(async (supabase) => {
    const { data, error } = await supabase.auth.mfa.listFactors();
    if (error) return error;
    let failure: AuthFailure = noAuthenticatorApp;
    for (const factor of data.totp) {
      const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
      if (!error) return null;
      failure = error;
      if (!isWrongCode(error)) break;
    }
    return failure;
  });
}

/** The way out of the sign-in code step: ends the half-finished session in this browser only. */
export function cancelSignIn() {
  return withClient(() => signOutHere('local'));
}
