import type { Session, User } from '@supabase/supabase-js';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthStateProvider } from '@/lib/auth/AuthProvider';
import { signedOutState, type AuthState } from '@/lib/auth/authStore';
import { installFakeTurnstile, uninstallFakeTurnstile } from '@/lib/captcha/fakeTurnstile';
import LoginPage from './LoginPage';

const api = vi.hoisted(() => ({
  signInWithPassword: vi.fn(),
  signInNeedsCode: vi.fn(),
  verifySignInCode: vi.fn(),
  cancelSignIn: vi.fn(),
  signInWithProvider: vi.fn(),
}));
const { toastSuccess, toastError } = vi.hoisted(() => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));
vi.mock('@/lib/auth/api', () => api);
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));

const user = { id: 'u1', email: 'sam@example.com' } as User;
const signedIn = { ...signedOutState, user, session: {} as Session, event: 'SIGNED_IN' as const };
/** Password accepted; the account has a verified authenticator app. */
const awaitingCode: AuthState = { ...signedIn, aal: { current: 'aal1', next: 'aal2' } };
const withCode: AuthState = {
  ...signedIn,
  event: 'MFA_CHALLENGE_VERIFIED',
  aal: { current: 'aal2', next: 'aal2' },
};

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** The login page as the guard sends a visitor there; `setAuth` plays the auth store's changes. */
function renderLogin(auth: AuthState) {
  const tree = (value: AuthState) => (
    <AuthStateProvider value={value}>
      <MemoryRouter initialEntries={['/login?return_to=%2Faccount%2Fsecurity']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AuthStateProvider>
  );
  const view = render(tree(auth));
  return { setAuth: (next: AuthState) => view.rerender(tree(next)) };
}

const codeField = () => screen.getByRole('textbox', { name: 'Authentication code' });
const wrongCode = { message: 'Invalid TOTP code entered', code: 'mfa_verification_failed' };

describe('LoginPage', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    toastSuccess.mockReset();
    toastError.mockReset();
    installFakeTurnstile();
  });
  afterEach(uninstallFakeTurnstile);

  async function submitPassword() {
    const person = userEvent.setup();
    await person.type(screen.getByLabelText('Email'), 'sam@example.com');
    await person.type(screen.getByLabelText('Password'), 'Password123');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('offers Google and Microsoft, each coming back to this page with return_to', async () => {
    api.signInWithProvider.mockResolvedValue(null);
    renderLogin(signedOutState);
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Sign in with Microsoft' }));
    expect(api.signInWithProvider).toHaveBeenCalledWith(
      'azure',
      '/login?return_to=%2Faccount%2Fsecurity',
    );
    // Both wait while the browser leaves.
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in with Microsoft' })).toBeDisabled();
  });

  it('a provider that cannot be reached is a failure toast named for it, and both buttons work again', async () => {
    api.signInWithProvider.mockResolvedValue({ message: 'Could not reach the sign-in service.' });
    renderLogin(signedOutState);
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Sign in with Microsoft' }));
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Microsoft sign in failed',
        'Could not reach the sign-in service.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Sign in with Microsoft' })).toBeEnabled();
    await person.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(api.signInWithProvider).toHaveBeenLastCalledWith(
      'google',
      '/login?return_to=%2Faccount%2Fsecurity',
    );
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenLastCalledWith(
        'Google sign in failed',
        'Could not reach the sign-in service.',
      ),
    );
  });

  it('without an authenticator app: the password signs in and goes to return_to', async () => {
    api.signInWithPassword.mockResolvedValue(null);
    api.signInNeedsCode.mockResolvedValue(false);
    const { setAuth } = renderLogin(signedOutState);
    await submitPassword();
    await vi.waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Signed in successfully!'));
    setAuth({ ...signedIn, aal: { current: 'aal1', next: 'aal1' } });
    expect(await screen.findByTestId('location')).toHaveTextContent('/account/security');
  });

  it('with one: the password step is busy until the levels are known, then asks for the code', async () => {
    api.signInWithPassword.mockResolvedValue(null);
    api.signInNeedsCode.mockResolvedValue(true);
    const { setAuth } = renderLogin(signedOutState);
    await submitPassword();
    expect(api.signInWithPassword).toHaveBeenCalledWith(
      'sam@example.com',
      'Password123',
      'token-1',
    );

    setAuth({ ...signedIn, aalLoading: true });
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    setAuth(awaitingCode);
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your code' })).toHaveFocus();
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('the code step: a wrong code says so and keeps it; the right one goes to return_to', async () => {
    const { setAuth } = renderLogin(awaitingCode);
    const person = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Enter your code' });

    await person.type(codeField(), '12a');
    await person.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeVisible();
    expect(api.verifySignInCode).not.toHaveBeenCalled();

    api.verifySignInCode.mockResolvedValueOnce(wrongCode);
    await person.clear(codeField());
    await person.type(codeField(), '123456');
    await person.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'Incorrect code. Enter the 6-digit code your authenticator app shows now.',
      ),
    ).toBeVisible();
    expect(codeField()).toHaveValue('123456');
    expect(codeField()).toHaveFocus();
    expect(toastError).not.toHaveBeenCalled();

    api.verifySignInCode.mockResolvedValueOnce(null);
    await person.clear(codeField());
    await person.type(codeField(), '654321');
    await person.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Signed in successfully!'));
    expect(api.verifySignInCode).toHaveBeenLastCalledWith('654321');
    // The MFA_CHALLENGE_VERIFIED event raises the store's level.
    setAuth(withCode);
    expect(await screen.findByTestId('location')).toHaveTextContent('/account/security');
  });

  it('the code step: any other failure is a Sign in failed toast with the provider message', async () => {
    api.verifySignInCode.mockResolvedValue({ message: 'Too many requests' });
    renderLogin(awaitingCode);
    const person = userEvent.setup();
    await person.type(
      await screen.findByRole('textbox', { name: 'Authentication code' }),
      '123456',
    );
    await person.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Sign in failed', 'Too many requests'),
    );
    expect(codeField()).toHaveValue('123456');
  });

  it('the way out signs out and shows the password step again, return_to kept', async () => {
    api.cancelSignIn.mockResolvedValue(null);
    const { setAuth } = renderLogin(awaitingCode);
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Sign out and start again' }));
    expect(api.cancelSignIn).toHaveBeenCalledTimes(1);
    setAuth({ ...signedOutState, event: 'SIGNED_OUT', signedOutHere: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    api.signInWithPassword.mockResolvedValue(null);
    api.signInNeedsCode.mockResolvedValue(false);
    await submitPassword();
    setAuth({ ...signedIn, aal: { current: 'aal1', next: 'aal1' } });
    expect(await screen.findByTestId('location')).toHaveTextContent('/account/security');
  });
});
