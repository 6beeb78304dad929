import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authCaptchaCopy } from '@/content/authCaptcha';
import { AuthStateProvider } from '@/lib/auth/AuthProvider';
import { signedOutState } from '@/lib/auth/authStore';
import { logger } from '@/lib/logger';
import { installFakeTurnstile, uninstallFakeTurnstile } from '@/lib/captcha/fakeTurnstile';
import { forgetTurnstileScript } from '@/lib/captcha/controller';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import SignupPage from './SignupPage';

const api = vi.hoisted(() => ({
  signInWithPassword: vi.fn(),
  signInNeedsCode: vi.fn(),
  signUp: vi.fn(),
  sendPasswordResetEmail: vi.fn(),
  signInWithProvider: vi.fn(),
  verifySignInCode: vi.fn(),
  cancelSignIn: vi.fn(),
}));
const { toastSuccess, toastError } = vi.hoisted(() => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));
vi.mock('@/lib/auth/api', () => api);
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));

function show(page: ReactElement) {
  render(
    <AuthStateProvider value={signedOutState}>
      <MemoryRouter>{page}</MemoryRouter>
    </AuthStateProvider>,
  );
  return userEvent.setup();
}

const captchaScripts = () =>
  [...document.querySelectorAll('script')].filter((script) =>
    script.src.includes('/captcha/v0/api.js'),
  );

describe('the public account forms’ captcha', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    api.signInWithPassword.mockResolvedValue(null);
    api.signInNeedsCode.mockResolvedValue(false);
    api.sendPasswordResetEmail.mockResolvedValue(null);
    api.signUp.mockResolvedValue({ error: null, needsConfirmation: false });
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    uninstallFakeTurnstile();
    forgetTurnstileScript();
    captchaScripts().forEach((script) => script.remove());
  });

  it('loads no script until the form is used, then loads it once and shows the widget', async () => {
    const user = show(<LoginPage />);
    expect(captchaScripts()).toHaveLength(0);
    expect(screen.queryByText('Fake bot check')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Password123');
    const scripts = captchaScripts();
    expect(scripts).toHaveLength(1);
    const url = new URL(scripts[0]?.src ?? '');
    expect(url.searchParams.get('render')).toBe('explicit');
    const onload = url.searchParams.get('onload') ?? '';

    const fake = installFakeTurnstile();
    act(() => (window as unknown as Record<string, () => void>)[onload]?.());
    expect(await screen.findByText('Fake bot check')).toBeVisible();
    expect(screen.getByRole('group', { name: authCaptchaCopy.label })).toBeVisible();
    expect(fake.renders).toBe(1);
  });

  it('sign in waits for the widget’s token, sends it, and asks for a new one after', async () => {
    const fake = installFakeTurnstile({ auto: false });
    const user = show(<LoginPage />);
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(api.signInWithPassword).not.toHaveBeenCalled();
    act(() => fake.issue('first-token'));
    await vi.waitFor(() =>
      expect(api.signInWithPassword).toHaveBeenCalledWith(
        'sam@example.com',
        'Password123',
        'first-token',
      ),
    );
    await vi.waitFor(() => expect(fake.resets).toBe(1));

    // The first token is spent: a second try waits for the next one.
    act(() => fake.issue('second-token'));
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() =>
      expect(api.signInWithPassword).toHaveBeenLastCalledWith(
        'sam@example.com',
        'Password123',
        'second-token',
      ),
    );
    expect(api.signInWithPassword).toHaveBeenCalledTimes(2);
  });

  it('a widget error says so under it, sends nothing and keeps what was typed', async () => {
    const fake = installFakeTurnstile({ auto: false });
    const user = show(<SignupPage />);
    await user.type(screen.getByLabelText('Name'), 'Sam Signup');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Welcome123');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    act(() => fake.fail());

    expect(await screen.findByRole('alert')).toHaveTextContent(authCaptchaCopy.loadFailed);
    expect(api.signUp).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Sam Signup');
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('Welcome123');

    // Trying again starts the widget afresh; its token goes with the sign-up.
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    act(() => fake.issue('after-error'));
    await vi.waitFor(() =>
      expect(api.signUp).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'Sam Signup' }),
        'after-error',
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a script that fails to load says so and keeps what was typed', async () => {
    const user = show(<ForgotPasswordPage />);
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    act(() => {
      captchaScripts()[0]?.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(authCaptchaCopy.loadFailed);
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
  });

  it('the password reset sends the token too', async () => {
    installFakeTurnstile();
    const user = show(<ForgotPasswordPage />);
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await vi.waitFor(() =>
      expect(api.sendPasswordResetEmail).toHaveBeenCalledWith('sam@example.com', 'token-1'),
    );
  });

  it('without a site key: no script, no widget, no token', async () => {
    vi.stubEnv('VITE_CAPTCHA_SITE_KEY', '');
    const user = show(<LoginPage />);
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() =>
      expect(api.signInWithPassword).toHaveBeenCalledWith(
        'sam@example.com',
        'Password123',
        undefined,
      ),
    );
    expect(captchaScripts()).toHaveLength(0);
    vi.unstubAllEnvs();
  });
});
