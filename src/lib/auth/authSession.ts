import {
  isAuthImplicitGrantRedirectError,
  type AuthChangeEvent,
  type AuthError,
  type Session,
  type User,
} from '@supabase/supabase-js';
import { logger } from '@/lib/logger';
import { supabase, type AppSupabaseClient } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { clearTrialMarker } from '@/lib/trialMarker';
import { getAuthState, setAuthState, type AuthState } from './authStore';
import { rememberedSignInProvider, signInFailedTitle } from './externalProviders';

// Loaded on demand with supabase-js (see connectAuth in ./authStore.ts).

let adminLookup = 0;
let aalLookup = 0;
let signOutRequested = false;

function onSessionEvent(event: AuthChangeEvent, session: Session | null): void {
  const state = getAuthState();
  const user = session?.user ?? null;
  const userChanged = user?.id !== state.user?.id;
  const admin = userChanged
    ? { isAdmin: false, adminLoading: user !== null, adminError: false }
    : { isAdmin: state.isAdmin, adminLoading: state.adminLoading, adminError: state.adminError };
  const signedOutHere = event === 'SIGNED_OUT' && signOutRequested;
  if (event === 'SIGNED_OUT') signOutRequested = false;
  // The trial marker belongs to the user who was signed in (a synchronous storage write).
  if (event === 'SIGNED_OUT' || (userChanged && state.user)) clearTrialMarker();
  setAuthState({
    loading: false,
    session,
    user,
    event,
    ...admin,
    ...assuranceAfter(event, user, userChanged, state),
    signedOutHere,
  });
  // auth-js holds its lock while it calls listeners: a Supabase call awaited in here would deadlock,
  // so the lookups run after the callback has returned.
  if (user && (userChanged || admin.adminLoading)) setTimeout(() => void lookUpAdmin(user.id), 0);
  if (user) setTimeout(() => void lookUpAssurance(user.id), 0);
}

/**
 * The assurance levels the store holds until the lookup after this event answers. A new user's are
 * unknown; a verified code has just made the session aal2; any other event (a token refresh) keeps
 * the levels, which the lookup then confirms, so nothing waiting on them flickers.
 */
function assuranceAfter(
  event: AuthChangeEvent,
  user: User | null,
  userChanged: boolean,
  state: AuthState,
): Pick<AuthState, 'aal' | 'aalLoading'> {
  if (!user) return { aal: null, aalLoading: false };
  if (userChanged) return { aal: null, aalLoading: true };
  if (event === 'MFA_CHALLENGE_VERIFIED') {
    return { aal: { current: 'aal2', next: 'aal2' }, aalLoading: state.aalLoading };
  }
  return { aal: state.aal, aalLoading: state.aalLoading };
}

async function lookUpAssurance(userId: string): Promise<void> {
  const lookup = ++aalLookup;
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  const state = getAuthState();
  if (lookup !== aalLookup || state.user?.id !== userId) return;
  if (error) logger.error('Error checking the sign-in assurance level:', error);
  setAuthState({
    ...state,
    aal: data ? { current: data.currentLevel, next: data.nextLevel } : state.aal,
    aalLoading: false,
  });
}

async function lookUpAdmin(userId: string): Promise<void> {
  const lookup = ++adminLookup;
  const { data, error } = await supabase
    .from('user_roles')
    .select('role')
    .eq('user_id', userId)
    .eq('role', 'admin')
    .limit(1)
    .maybeSingle();
  const state = getAuthState();
  if (lookup !== adminLookup || state.user?.id !== userId) return;
  if (error) logger.error('Error checking admin status:', error);
  setAuthState({
    ...state,
    isAdmin: !error && data !== null,
    adminLoading: false,
    adminError: !!error,
  });
}

/**
 * A failure that a sign-in or reset link brought back in the address. An e-mail link (confirmation,
 * magic link) that has expired or was used says so with `otp_expired`; every other failure on a page
 * other than the reset page came back from the provider the user last left for.
 */
function reportRedirectError(error: AuthError): void {
  logger.error('Signing in from the link failed:', error);
  const code = isAuthImplicitGrantRedirectError(error) ? error.details?.code : undefined;
  const title =
    window.location.pathname === '/change-password'
      ? 'Update password failed'
      : code === 'otp_expired'
        ? 'Sign in failed'
        : signInFailedTitle(rememberedSignInProvider());
  toast.error(title, providerMessage(error));
}

/**
 * Google refuses with `error=access_denied` and no description, which supabase-js reports as
 * 'Error in URL with unspecified error_description': not words for a user.
 */
function providerMessage(error: AuthError): string {
  const details = isAuthImplicitGrantRedirectError(error) ? error.details : null;
  if (
    details?.error === 'access_denied' &&
    error.message === 'Error in URL with unspecified error_description'
  ) {
    return 'Sign-in was cancelled or refused.';
  }
  return error.message;
}

/** The parameters Supabase Auth adds to the query of a refused sign-in's return address. */
const oauthErrorParams = ['error', 'error_description', 'error_code'];

function withoutOAuthError(search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has('error')) return search;
  for (const name of oauthErrorParams) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * Whether the address carries a sign-in that Auth sent back (Google, or a confirmation or magic
 * link), not a password reset, which /change-password reports itself.
 */
function bringsSignIn(): boolean {
  const { hash, search, pathname } = window.location;
  if (pathname === '/change-password') return false;
  return (
    new URLSearchParams(hash.slice(1)).has('access_token') ||
    new URLSearchParams(search).has('code')
  );
}

/**
 * Says 'Signed in successfully!' for a sign-in that came back in the address, as the password form
 * says it: unless the account's authenticator code comes next (the code step says it then).
 */
async function welcomeBack(): Promise<void> {
  const { data } = await supabase.auth.getSession();
  if (!data.session) return;
  const { data: level } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (level?.currentLevel === 'aal1' && level.nextLevel === 'aal2') return;
  toast.success('Signed in successfully!');
}

export async function connect(): Promise<AppSupabaseClient> {
  supabase.auth.onAuthStateChange(onSessionEvent);
  const signingIn = bringsSignIn();
  const { error } = await supabase.auth.initialize();
  if (error) reportRedirectError(error);
  else if (signingIn) await welcomeBack();
  // supabase-js empties a fragment that carried a session but leaves a bare '#' behind, and leaves
  // one that carried an error as it was.
  if (error || window.location.href.endsWith('#')) {
    const { pathname, search } = window.location;
    const kept = error ? withoutOAuthError(search) : search;
    window.history.replaceState(window.history.state, '', `${pathname}${kept}`);
  }
  return supabase;
}

export async function signOutHere(scope: 'local' | 'global'): Promise<AuthError | null> {
  signOutRequested = true;
  const { error } = await supabase.auth.signOut({ scope });
  if (error) signOutRequested = false;
  return error;
}
