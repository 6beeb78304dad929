import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthStateProvider } from '@/lib/auth/AuthProvider';
import { signedOutState } from '@/lib/auth/authStore';
import { installFakeTurnstile, uninstallFakeTurnstile } from '@/lib/captcha/fakeTurnstile';
import SignupPage from './SignupPage';

const { signUp, signInWithProvider, toastSuccess, toastError } = vi.hoisted(() => ({
  signUp: vi.fn(),
  signInWithProvider: vi.fn(),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));
vi.mock('@/lib/auth/api', () => ({ signUp, signInWithProvider }));
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

async function signUpAs(email: string) {
  render(
    <AuthStateProvider value={signedOutState}>
      <MemoryRouter initialEntries={['/signup']}>
        <Routes>
          <Route path="/signup" element={<SignupPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AuthStateProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Sam Signup');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'Welcome123');
  await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('SignupPage after the account is created', () => {
  beforeEach(() => {
    signUp.mockReset();
    toastSuccess.mockClear();
    toastError.mockClear();
    installFakeTurnstile();
  });
  afterEach(uninstallFakeTurnstile);

  it('with a session: goes home with SPEC.md\u2019s toast', async () => {
    signUp.mockResolvedValue({ error: null, needsConfirmation: false });
    await signUpAs('sam@example.com');

    expect(await screen.findByTestId('location')).toHaveTextContent('/');
    expect(signUp).toHaveBeenCalledWith(
      {
        name: 'Sam Signup',
        email: 'sam@example.com',
        password: 'Welcome123',
        acceptTerms: true,
      },
      'token-1',
    );
    expect(toastSuccess).toHaveBeenCalledTimes(1);
    expect(toastSuccess).toHaveBeenCalledWith('Account created successfully!');
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });

  it('without a session: stays, says where the confirmation link went, and focuses the heading', async () => {
    signUp.mockResolvedValue({ error: null, needsConfirmation: true });
    await signUpAs('sam@example.com');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'We have sent a confirmation link to sam@example.com. Confirm your address with it before you sign in.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('offers sign-up with Google and with Microsoft, coming back to this page', async () => {
    signInWithProvider.mockResolvedValue(null);
    render(
      <AuthStateProvider value={signedOutState}>
        <MemoryRouter initialEntries={['/signup']}>
          <SignupPage />
        </MemoryRouter>
      </AuthStateProvider>,
    );
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign up with Microsoft' }));
    expect(signInWithProvider).toHaveBeenCalledWith('azure', '/signup');
  });
});
