import type { User } from '@supabase/supabase-js';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { supabaseFake } from '@/test/supabaseFake';
import AccountSecurityPage from './AccountSecurityPage';

const { toastSuccess, toastError, logError } = vi.hoisted(() => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  logError: vi.fn(),
}));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));
vi.mock('@/lib/logger', () => ({ logger: { error: logError, warn: vi.fn() } }));

const user = { id: 'u1', email: 'sam@example.com' } as User;
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

interface FakeFactor {
  id: string;
  friendly_name: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
}

function factor(overrides: Partial<FakeFactor> = {}): FakeFactor {
  return {
    id: 'f1',
    friendly_name: 'Authenticator app',
    factor_type: 'totp',
    status: 'verified',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

/** The backend's factors, as listFactors answers each time it is asked. */
let factors: FakeFactor[] = [];
/** listFactors' answer: the backend's factors as they are when it is asked. */
const listFactors = () => ({
  data: { all: factors, totp: factors.filter((f) => f.status === 'verified') },
});
const wrongCode = Object.assign(new Error('Invalid TOTP code entered'), {
  code: 'mfa_verification_failed',
});

const renderPage = () => renderWithProviders(<AccountSecurityPage />, { auth: { user } });

const codeField = () => screen.getByRole('textbox', { name: 'Code from the app' });

/** What the page sent to the auth method `target` (`auth:mfa.enroll` ...), oldest first. */
const sentTo = (target: string) => supabaseFake.calls(target).map((call) => call.args);

/** A new factor, unverified, for the page to show while it is set up. */
function enrolled(id: string, qrCode = 'data:,', uri = '') {
  return { data: { id, type: 'totp', totp: { qr_code: qrCode, secret, uri } } };
}

/** Sends `typed` to the code field with `button`; the server finds the code wrong. */
async function submitWrongCode(
  user: ReturnType<typeof userEvent.setup>,
  typed: string,
  button: string,
) {
  supabaseFake.answer('auth:mfa.challengeAndVerify', { error: wrongCode });
  await user.type(codeField(), typed);
  await user.click(screen.getByRole('button', { name: button }));
  expect(
    await screen.findByText(
      'Incorrect code. Enter the 6-digit code your authenticator app shows now.',
    ),
  ).toBeVisible();
}

describe('/account/security', () => {
  beforeEach(() => {
    factors = [];
    supabaseFake.reset();
    supabaseFake.answer('auth:mfa.listFactors', listFactors);
    supabaseFake.answer('auth:mfa.unenroll', ({ args }) => {
      const { factorId } = args as { factorId: string };
      factors = factors.filter((f) => f.id !== factorId);
      return { data: { id: factorId } };
    });
    supabaseFake.answer('auth:refreshSession', { data: {} });
    toastSuccess.mockReset();
    toastError.mockReset();
    logError.mockReset();
  });

  it('without a factor: says two-factor sign-in is off and offers to set it up', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Account security' })).toBeVisible();
    expect(await screen.findByText(/^Off\./)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Your authenticator apps' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeEnabled();
  });

  function answerEnrolment() {
    supabaseFake.answer('auth:mfa.enroll', () => {
      factors = [factor({ status: 'unverified' })];
      return enrolled('f1', 'data:image/svg+xml;utf-8,<svg></svg>', 'otpauth://x');
    });
  }

  async function startSetup(user: ReturnType<typeof userEvent.setup>) {
    answerEnrolment();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    return screen.findByRole('region', { name: 'Set up your authenticator app' });
  }

  it('enrolling: the QR code, the secret in groups of four with a copy button, the code field', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const panel = await startSetup(user);

    expect(sentTo('auth:mfa.enroll')).toContainEqual({
      factorType: 'totp',
      friendlyName: 'Authenticator app',
      issuer: 'Revolve',
    });
    expect(
      within(panel).getByRole('heading', { name: 'Set up your authenticator app' }),
    ).toHaveFocus();
    expect(
      within(panel).getByRole('img', {
        name: 'QR code for setting up two-factor sign-in for Revolve in an authenticator app',
      }),
    ).toHaveAttribute('src', 'data:image/svg+xml;utf-8,<svg></svg>');
    expect(within(panel).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(secret);
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Setup key copied to the clipboard.',
    );
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('a short code is refused before sending; a wrong one is shown under the field, kept', async () => {
    const user = userEvent.setup();
    await startSetup(user);
    await user.type(codeField(), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeVisible();
    expect(sentTo('auth:mfa.challengeAndVerify')).toEqual([]);

    await submitWrongCode(user, '6', 'Turn on two-factor sign-in');
    expect(codeField()).toHaveValue('123456');
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('the first right code turns two-factor sign-in on and lists the app', async () => {
    const user = userEvent.setup();
    await startSetup(user);
    supabaseFake.answer('auth:mfa.challengeAndVerify', () => {
      factors = [factor()];
      return { data: {} };
    });
    // Apps show the code as two groups of three.
    await user.type(codeField(), '654 321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    const list = await screen.findByRole('list', { name: 'Your authenticator apps' });
    expect(sentTo('auth:mfa.challengeAndVerify')).toContainEqual({
      factorId: 'f1',
      code: '654321',
    });
    expect(within(list).getByText('Authenticator app')).toBeVisible();
    expect(within(list).getByText('Added 20 Nov 2026')).toBeVisible();
    expect(screen.getByText(/^On\./)).toBeVisible();
    expect(
      screen.queryByRole('region', { name: 'Set up your authenticator app' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toHaveFocus();
    expect(toastSuccess).toHaveBeenCalledWith(
      'Two-factor sign-in is on',
      'From now on you will be asked for a code from your authenticator app when you sign in.',
    );
  });

  it('removes a setup abandoned earlier before starting a new one', async () => {
    factors = [factor({ id: 'old', status: 'unverified' })];
    supabaseFake.answer('auth:mfa.enroll', enrolled('f2'));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    await screen.findByRole('region', { name: 'Set up your authenticator app' });
    expect(sentTo('auth:mfa.unenroll')).toContainEqual({ factorId: 'old' });
    expect(sentTo('auth:mfa.enroll')).toHaveLength(1);
  });

  it('cancelling a setup drops the unverified factor', async () => {
    supabaseFake.answer('auth:mfa.enroll', enrolled('f2'));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    const panel = await screen.findByRole('region', { name: 'Set up your authenticator app' });
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(panel).not.toBeInTheDocument();
    expect(sentTo('auth:mfa.unenroll')).toContainEqual({ factorId: 'f2' });
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  });

  it('a failed setup or confirmation shows the provider message and keeps the code', async () => {
    supabaseFake.answer('auth:mfa.enroll', {
      error: new Error('AAL2 required to enroll a new factor'),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Setup failed',
        'AAL2 required to enroll a new factor',
      ),
    );
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeEnabled();

    supabaseFake.answer('auth:mfa.enroll', enrolled('f1'));
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    await screen.findByRole('region', { name: 'Set up your authenticator app' });
    supabaseFake.answer('auth:mfa.challengeAndVerify', {
      error: Object.assign(new Error('Too many requests'), { code: 'over_request_rate_limit' }),
    });
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Verification failed', 'Too many requests'),
    );
    expect(codeField()).toHaveValue('123456');
    expect(screen.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeEnabled();
  });

  it('removes an app after a fresh code from it, then refreshes the session', async () => {
    factors = [factor()];
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your authenticator apps' });
    expect(screen.getByRole('button', { name: 'Add another authenticator app' })).toBeVisible();

    await user.click(within(list).getByRole('button', { name: 'Remove Authenticator app' }));
    expect(screen.getByText('To remove this app, enter a current code from it.')).toBeVisible();
    expect(codeField()).toHaveFocus();

    await submitWrongCode(user, '000000', 'Remove app');
    expect(codeField()).toHaveValue('000000');
    expect(sentTo('auth:mfa.unenroll')).toEqual([]);

    supabaseFake.answer('auth:mfa.challengeAndVerify', { data: {} });
    await user.clear(codeField());
    await user.type(codeField(), '111111');
    await user.click(screen.getByRole('button', { name: 'Remove app' }));

    expect(await screen.findByText(/^Off\./)).toBeVisible();
    expect(supabaseFake.lastCall('auth:mfa.challengeAndVerify').args).toEqual({
      factorId: 'f1',
      code: '111111',
    });
    expect(sentTo('auth:mfa.unenroll')).toContainEqual({ factorId: 'f1' });
    expect(sentTo('auth:refreshSession')).toHaveLength(1);
    expect(toastSuccess).toHaveBeenCalledWith(
      'Authenticator app removed',
      'Two-factor sign-in is off.',
    );
    expect(screen.queryByRole('list', { name: 'Your authenticator apps' })).not.toBeInTheDocument();
  });

  it('cancelling a removal keeps the app', async () => {
    factors = [factor()];
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your authenticator apps' });
    await user.click(within(list).getByRole('button', { name: 'Remove Authenticator app' }));
    await user.click(within(list).getByRole('button', { name: 'Cancel' }));
    expect(within(list).getByRole('button', { name: 'Remove Authenticator app' })).toHaveFocus();
    expect(sentTo('auth:mfa.challengeAndVerify')).toEqual([]);
  });

  it('a list that fails to load says so, logs it, and can be tried again', async () => {
    supabaseFake.answer('auth:mfa.listFactors', { error: new Error('offline') });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Could not load your authenticator apps.')).toBeVisible();
    expect(logError).toHaveBeenCalledWith('Error loading authenticator apps:', expect.any(Error));
    supabaseFake.answer('auth:mfa.listFactors', listFactors);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('button', { name: 'Set up an authenticator app' }),
    ).toBeVisible();
  });
});
