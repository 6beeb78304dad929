import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authCaptchaCopy } from '@/content/authCaptcha';
import { sendPasswordResetEmail, signInWithPassword, signUp } from './api';

const auth = vi.hoisted(() => ({
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
  resetPasswordForEmail: vi.fn(),
}));
vi.mock('./authStore', () => ({ connectAuth: () => Promise.resolve({ auth }) }));

/** What GoTrue answers a public form's request without a valid captcha token. */
const captchaRefusal = {
  message: 'captcha protection: request disallowed (no captcha response found)',
  code: 'captcha_failed',
  status: 400,
};

describe('the account actions and the captcha', () => {
  beforeEach(() => {
    Object.values(auth).forEach((fn) => fn.mockReset());
  });

  it('hand the token to supabase-js as options.captchaToken', async () => {
    auth.signInWithPassword.mockResolvedValue({ error: null });
    auth.signUp.mockResolvedValue({ data: { session: {} }, error: null });
    auth.resetPasswordForEmail.mockResolvedValue({ error: null });

    await signInWithPassword('sam@example.com', 'Password123', 'tok-a');
    expect(auth.signInWithPassword).toHaveBeenCalledWith({
      email: 'sam@example.com',
      password: 'Password123',
      options: { captchaToken: 'tok-a' },
    });
    await signUp({ name: 'Sam', email: 'sam@example.com', password: 'Welcome123' }, 'tok-b');
    expect(auth.signUp).toHaveBeenCalledWith(
      expect.objectContaining({ options: expect.objectContaining({ captchaToken: 'tok-b' }) }),
    );
    await sendPasswordResetEmail('sam@example.com', 'tok-c');
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith(
      'sam@example.com',
      expect.objectContaining({ captchaToken: 'tok-c' }),
    );
  });

  it('send no token when there is none', async () => {
    auth.signInWithPassword.mockResolvedValue({ error: null });
    await signInWithPassword('sam@example.com', 'Password123');
    const [[{ options }]] = auth.signInWithPassword.mock.calls as [[{ options: object }]];
    // supabase-js leaves an undefined token out of the request body.
    expect(JSON.parse(JSON.stringify(options))).toEqual({});
  });

  it('turn the backend’s captcha refusal into words for the user', async () => {
    auth.signInWithPassword.mockResolvedValue({ error: captchaRefusal });
    auth.resetPasswordForEmail.mockResolvedValue({ error: captchaRefusal });
    expect(await signInWithPassword('sam@example.com', 'Password123', 'spent')).toEqual({
      message: authCaptchaCopy.refused,
      code: 'captcha_failed',
    });
    expect(await sendPasswordResetEmail('sam@example.com', 'spent')).toEqual({
      message: authCaptchaCopy.refused,
      code: 'captcha_failed',
    });
  });
});
