import { AuthImplicitGrantRedirectError, type Session, type User } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { supabaseFake } from '@/test/supabaseFake';
import { getAuthState } from './authStore';
import { connect } from './authSession';
import { rememberSignInProvider } from './externalProviders';

vi.mock('@/lib/supabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asSupabaseModule),
);
const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: toastError } }));
vi.mock('@/lib/logger', () => ({ logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } }));

const user = { id: 'u1', email: 'sam@example.com' } as User;
const session = { user, access_token: 'token' } as Session;

/** The levels the assurance lookup answers with from now on. */
function assuranceLevels(currentLevel: string, nextLevel: string) {
  supabaseFake.answer('auth:mfa.getAuthenticatorAssuranceLevel', {
    data: { currentLevel, nextLevel, currentAuthenticationMethods: [] },
  });
}

const assuranceLookups = () => supabaseFake.calls('auth:mfa.getAuthenticatorAssuranceLevel');

/** Lets every answer already given reach the code that awaits it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the auth store and the assurance level', () => {
  beforeEach(() => {
    supabaseFake.reset();
    supabaseFake.answer('auth:initialize', {});
    supabaseFake.answer('from:user_roles', { data: null });
    assuranceLevels('aal1', 'aal2');
  });

  it('follows the level through sign-in, the code, a refresh and sign-out, asking outside the callback', async () => {
    await connect();

    supabaseFake.emitAuth('SIGNED_IN', session);
    // auth-js holds its lock while it calls listeners: the lookup waits for the callback to return.
    expect(assuranceLookups()).toEqual([]);
    expect(getAuthState()).toMatchObject({ user, aal: null, aalLoading: true });
    await vi.waitFor(() =>
      expect(getAuthState()).toMatchObject({
        aal: { current: 'aal1', next: 'aal2' },
        aalLoading: false,
      }),
    );

    assuranceLevels('aal2', 'aal2');
    supabaseFake.emitAuth('MFA_CHALLENGE_VERIFIED', session);
    // The event itself says the session is aal2: nothing waits for the lookup to say so again.
    expect(getAuthState()).toMatchObject({
      event: 'MFA_CHALLENGE_VERIFIED',
      aal: { current: 'aal2', next: 'aal2' },
      aalLoading: false,
    });

    supabaseFake.emitAuth('TOKEN_REFRESHED', session);
    expect(getAuthState()).toMatchObject({ aal: { current: 'aal2' }, aalLoading: false });
    await vi.waitFor(() => expect(assuranceLookups()).toHaveLength(3));

    // Signed out before the lookup a refresh asked for answers: its answer changes nothing.
    supabaseFake.emitAuth('TOKEN_REFRESHED', session);
    supabaseFake.emitAuth('SIGNED_OUT', null);
    expect(getAuthState()).toMatchObject({ user: null, aal: null, aalLoading: false });
    await vi.waitFor(() => expect(assuranceLookups()).toHaveLength(4));
    await settle();
    expect(getAuthState()).toMatchObject({ user: null, aal: null, aalLoading: false });
  });
});

describe('a sign-in that came back refused', () => {
  beforeEach(() => {
    supabaseFake.reset();
    toastError.mockReset();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/login?return_to=%2Fdashboard&error=access_denied');
  });

  const refusal = (description: string | undefined) =>
    new AuthImplicitGrantRedirectError(
      description ?? 'Error in URL with unspecified error_description',
      { error: 'access_denied', code: 'unspecified_code' },
    );

  it('is titled by the provider the user left for, with its words, and the address is cleaned', async () => {
    rememberSignInProvider('azure');
    const message = 'AADSTS65004: User declined to consent to access the app.';
    supabaseFake.answer('auth:initialize', { error: refusal(message) });
    await connect();
    expect(toastError).toHaveBeenCalledWith('Microsoft sign in failed', message);
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/login?return_to=%2Fdashboard',
    );
  });

  it("is Google's when no provider was remembered; a refusal without words says what happened", async () => {
    supabaseFake.answer('auth:initialize', { error: refusal(undefined) });
    await connect();
    expect(toastError).toHaveBeenCalledWith(
      'Google sign in failed',
      'Sign-in was cancelled or refused.',
    );
  });
});
