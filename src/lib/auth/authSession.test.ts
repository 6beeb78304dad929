import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { getAuthState } from './authStore';
import { connect } from './authSession';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

const client = vi.hoisted(() => {
  const state: { listener?: Listener; levels: { currentLevel: string; nextLevel: string } } = {
    levels: { currentLevel: 'aal1', nextLevel: 'aal2' },
  };
  const noAdminRow = { data: null, error: null };
  const query = {
    select: () => query,
    eq: () => query,
    limit: () => query,
    maybeSingle: () => Promise.resolve(noAdminRow),
  };
  return {
    state,
    getAuthenticatorAssuranceLevel: vi.fn(() =>
      Promise.resolve({ data: { ...state.levels, currentAuthenticationMethods: [] }, error: null }),
    ),
    supabase: {
      from: () => query,
      auth: {
        onAuthStateChange: (listener: Listener) => {
          state.listener = listener;
        },
        initialize: () => Promise.resolve({ error: null }),
        mfa: {} as Record<string, unknown>,
      },
    },
  };
});
client.supabase.auth.mfa.getAuthenticatorAssuranceLevel = client.getAuthenticatorAssuranceLevel;
vi.mock('@/lib/supabase', () => ({ supabase: client.supabase }));

const user = { id: 'u1', email: 'sam@example.com' } as User;
const session = { user, access_token: 'token' } as Session;

function emit(event: AuthChangeEvent, current: Session | null) {
  client.state.listener?.(event, current);
}

describe('the auth store and the assurance level', () => {
  it('follows the level through sign-in, the code, a refresh and sign-out, asking outside the callback', async () => {
    await connect();

    emit('SIGNED_IN', session);
    // auth-js holds its lock while it calls listeners: the lookup waits for the callback to return.
    expect(client.getAuthenticatorAssuranceLevel).not.toHaveBeenCalled();
    expect(getAuthState()).toMatchObject({ user, aal: null, aalLoading: true });
    await vi.waitFor(() =>
      expect(getAuthState()).toMatchObject({
        aal: { current: 'aal1', next: 'aal2' },
        aalLoading: false,
      }),
    );

    client.state.levels = { currentLevel: 'aal2', nextLevel: 'aal2' };
    emit('MFA_CHALLENGE_VERIFIED', session);
    // The event itself says the session is aal2: nothing waits for the lookup to say so again.
    expect(getAuthState()).toMatchObject({
      event: 'MFA_CHALLENGE_VERIFIED',
      aal: { current: 'aal2', next: 'aal2' },
      aalLoading: false,
    });

    emit('TOKEN_REFRESHED', session);
    expect(getAuthState()).toMatchObject({ aal: { current: 'aal2' }, aalLoading: false });
    await vi.waitFor(() => expect(client.getAuthenticatorAssuranceLevel).toHaveBeenCalledTimes(3));

    // Signed out before the lookup a refresh asked for answers: its answer changes nothing.
    emit('TOKEN_REFRESHED', session);
    emit('SIGNED_OUT', null);
    expect(getAuthState()).toMatchObject({ user: null, aal: null, aalLoading: false });
    await vi.waitFor(() => expect(client.getAuthenticatorAssuranceLevel).toHaveBeenCalledTimes(4));
    await client.getAuthenticatorAssuranceLevel.mock.results[3]?.value;
    expect(getAuthState()).toMatchObject({ user: null, aal: null, aalLoading: false });
  });
});
