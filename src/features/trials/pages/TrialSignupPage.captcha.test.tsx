import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthStateProvider } from '@/lib/auth/AuthProvider';
import { signedOutState } from '@/lib/auth/authStore';
import { installFakeTurnstile, uninstallFakeTurnstile } from '@/lib/captcha/fakeTurnstile';
import TrialSignupPage from './TrialSignupPage';

const api = vi.hoisted(() => ({
  signInWithPassword: vi.fn(),
  signInNeedsCode: vi.fn(),
  verifySignInCode: vi.fn(),
  cancelSignIn: vi.fn(),
  signInWithProvider: vi.fn(),
}));
const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('@/lib/auth/api', () => api);
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: toastError } }));

describe('TrialSignupPage: the captcha, the providers and the privacy line', () => {
  afterEach(uninstallFakeTurnstile);

  it('signs in with the widget’s token; a refusal keeps what was typed', async () => {
    const fake = installFakeTurnstile();
    api.signInWithPassword.mockResolvedValue({
      message: 'Complete the check',
      code: 'captcha_failed',
    });
    render(
      <AuthStateProvider value={signedOutState}>
        <MemoryRouter>
          <TrialSignupPage />
        </MemoryRouter>
      </AuthStateProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Request Free Trial' }));

    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Login Failed', 'Complete the check'),
    );
    expect(api.signInWithPassword).toHaveBeenCalledWith(
      'sam@example.com',
      'Password123',
      'token-1',
    );
    expect(fake.resets).toBe(1);
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('Password123');
  });

  it('offers sign-up with Google and with Microsoft, coming back to the trial request', async () => {
    api.signInWithProvider.mockResolvedValue(null);
    render(
      <AuthStateProvider value={signedOutState}>
        <MemoryRouter>
          <TrialSignupPage />
        </MemoryRouter>
      </AuthStateProvider>,
    );
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign up with Microsoft' }));
    expect(api.signInWithProvider).toHaveBeenCalledWith('azure', '/trial-signup');
  });

  it('says under the form what the request keeps, with the way to the privacy notice', () => {
    render(
      <AuthStateProvider value={signedOutState}>
        <MemoryRouter>
          <TrialSignupPage />
        </MemoryRouter>
      </AuthStateProvider>,
    );
    expect(screen.getByText(/^We keep your request with your account/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read our privacy notice' })).toHaveAttribute(
      'href',
      '/terms-and-conditions#privacy-policy',
    );
  });
});
