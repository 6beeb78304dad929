import type {
  AuthChangeEvent,
  AuthenticatorAssuranceLevels,
  Session,
  User,
} from '@supabase/supabase-js';
import { authStorageKey } from '@/lib/authStorageKey';
import { logger } from '@/lib/logger';
import { storedSession } from '@/lib/storedSession';
import type { AppSupabaseClient } from '@/lib/supabase';

export interface AuthState {
  /** True until the session is known (the client's first result). */
  loading: boolean;
  session: Session | null;
  user: User | null;
  /** The last session event; PASSWORD_RECOVERY means the user arrived by a reset link. */
  event: AuthChangeEvent | null;
  isAdmin: boolean;
  /** True from sign-in until the admin lookup answers. */
  adminLoading: boolean;
  /** The admin lookup failed (the user is treated as non-admin). */
  adminError: boolean;
  /**
   * The session's authenticator assurance level (`current`: aal1 after a password, aal2 after a
   * code from an authenticator app) and the level the user can reach (`next`: aal2 once they have a
   * verified factor). Null when signed out, and until the first lookup after a sign-in answers.
   */
  aal: AssuranceLevels | null;
  /** True from sign-in until the assurance levels are known. */
  aalLoading: boolean;
  /**
   * The session was ended by an action on this page (Logout, a password change), whose code decides
   * where to go next; guards do not send the user to the login page for it.
   */
  signedOutHere: boolean;
}

export const signedOutState: AuthState = {
  loading: false,
  session: null,
  user: null,
  event: null,
  isAdmin: false,
  adminLoading: false,
  adminError: false,
  aal: null,
  aalLoading: false,
  signedOutHere: false,
};

export interface AssuranceLevels {
  current: AuthenticatorAssuranceLevels | null;
  next: AuthenticatorAssuranceLevels | null;
}

/**
 * Whether this page load must ask supabase-js at all: a stored session, or a sign-in or reset link
 * result in the address. A first-time visitor is known to be signed out without loading the client.
 */
function needsClient(): boolean {
  let stored = false;
  try {
    stored = window.localStorage.getItem(authStorageKey) !== null;
  } catch {
    // Storage disabled: nothing can be stored either.
  }
  return redirectResult() || stored;
}

function redirectResult(): boolean {
  const { hash, search } = window.location;
  return /[#&](access_token|error_description|error_code)=/.test(hash) || /[?&]code=/.test(search);
}

/** While a stored session is being restored: nothing known yet. */
export const restoringSessionState: AuthState = {
  ...signedOutState,
  loading: true,
  adminLoading: true,
  aalLoading: true,
};

/**
 * The state a page load starts in. A stored session whose access token is still good is the user
 * at once, read from storage (src/lib/storedSession.ts), so a protected page renders without
 * waiting for supabase-js; supabase-js confirms it once loaded (and signs the user out if it finds
 * the session gone). Admin status always waits for its lookup.
 */
function initialState(): AuthState {
  if (typeof window === 'undefined' || !needsClient()) return signedOutState;
  const stored = redirectResult() ? null : storedSession();
  if (!stored) return restoringSessionState;
  return {
    ...signedOutState,
    session: stored.session,
    user: stored.session.user,
    event: 'INITIAL_SESSION',
    adminLoading: true,
    aal: stored.aal,
  };
}

// The same object as the server's snapshot when signed out, so hydration has nothing to redo.
let state: AuthState = initialState();
const listeners = new Set<() => void>();
let started = false;
let connecting: Promise<AppSupabaseClient> | undefined;

/** Whether there is a session for supabase-js to restore or confirm: one stored, or a user known. */
export function sessionStored(): boolean {
  return state.loading || state.user !== null;
}

export function getAuthState(): AuthState {
  return state;
}

export function getServerAuthState(): AuthState {
  return signedOutState;
}

/** For the session module (./authSession.ts), which owns every change after start-up. */
export function setAuthState(next: AuthState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  start();
  return () => listeners.delete(listener);
}

function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // Another tab signed in while this one never loaded the client: connect now. (Once connected,
  // supabase-js relays session events between tabs itself.)
  window.addEventListener('storage', (event) => {
    if (event.key === authStorageKey && !connecting) connectAuth().catch(alreadyReported);
  });
  if (sessionStored()) connectAuth().catch(alreadyReported);
}

/** For failures connectAuth has already logged. */
function alreadyReported(): void {}

/**
 * Loads supabase-js and the session logic (once) and keeps this store in step with the session.
 * Every auth action goes through here, so header and guards see the result of a sign-in at once.
 */
export function connectAuth(): Promise<AppSupabaseClient> {
  connecting ??= import('./authSession')
    .then((session) => session.connect())
    .catch((error: unknown) => {
      connecting = undefined;
      logger.error('Could not load the sign-in service:', error);
      if (state.loading) setAuthState(signedOutState);
      throw error;
    });
  return connecting;
}

/** Called when the page changes: a later visit to a protected page goes to the login page again. */
export function forgetSignOutHere(): void {
  if (state.signedOutHere) setAuthState({ ...state, signedOutHere: false });
}
