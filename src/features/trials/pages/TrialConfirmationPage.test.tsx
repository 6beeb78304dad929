import type { User } from '@supabase/supabase-js';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthStateProvider } from '@/lib/auth/AuthProvider';
import { signedOutState } from '@/lib/auth/authStore';
import { createQueryClient } from '@/lib/queryClient';
import TrialConfirmationPage from './TrialConfirmationPage';

const { trialPassword, trialRows, logError } = vi.hoisted(() => ({
  trialPassword: vi.fn(),
  trialRows: vi.fn(),
  logError: vi.fn(),
}));
vi.mock('@/lib/logger', () => ({ logger: { error: logError, warn: vi.fn() } }));

// The page's reads: trial_password() and the trial status rows (one table answers per test).
vi.mock('@/lib/loadSupabase', () => {
  const from = (table: string) => {
    const query = {
      select: () => query,
      eq: () => query,
      order: () => query,
      limit: () => query,
      abortSignal: () => query,
      maybeSingle: () => Promise.resolve({ data: trialRows(table) ?? null, error: null }),
    };
    return query;
  };
  const rpc = () => ({ abortSignal: () => trialPassword() });
  return { loadSupabase: () => Promise.resolve({ from, rpc }) };
});

const user = { id: 'u1', email: 'sam@example.com' } as User;

function renderConfirmation() {
  return render(
    <QueryClientProvider client={createQueryClient({ queries: { retry: false } })}>
      <AuthStateProvider value={{ ...signedOutState, user }}>
        <MemoryRouter>
          <TrialConfirmationPage />
        </MemoryRouter>
      </AuthStateProvider>
    </QueryClientProvider>,
  );
}

const awaitingApproval =
  'Your trial password appears here as soon as your trial is approved. You will get a notification too; there is no need to reload this page.';

describe('/trial-signup/confirmation', () => {
  beforeEach(() => {
    trialPassword.mockReset();
    trialRows.mockReset();
    logError.mockReset();
  });

  it('shows the password with an active trial, and the way to the trial library', async () => {
    trialPassword.mockResolvedValue({ data: 'shared-secret', error: null });
    trialRows.mockImplementation((table: string) =>
      table === 'active_trial_users'
        ? { expires_at: '2099-01-01T00:00:00Z', status: 'active' }
        : null,
    );
    renderConfirmation();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Thanks for signing up!');
    expect(await screen.findByText('shared-secret')).toBeVisible();
    expect(screen.getByText('Your trial password')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your Trial Training Library' })).toHaveAttribute(
      'href',
      '/training-library-trial',
    );
    expect(screen.queryByText(awaitingApproval)).not.toBeInTheDocument();
  });

  it('while the request awaits approval, says the password comes with the approval', async () => {
    trialPassword.mockResolvedValue({ data: null, error: null });
    trialRows.mockImplementation((table: string) =>
      table === 'pending_trials' ? { id: 'r1' } : null,
    );
    renderConfirmation();
    expect(await screen.findByText(awaitingApproval)).toBeVisible();
    expect(screen.getByText('Awaiting approval')).toBeVisible();
    expect(screen.queryByText('Your trial password')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request Trial Access' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to your Trial Training Library' })).toBeNull();
  });

  it('without a trial request, shows how to request one', async () => {
    trialPassword.mockResolvedValue({ data: null, error: null });
    trialRows.mockReturnValue(null);
    renderConfirmation();
    expect(
      await screen.findByText('Your trial password appears here once you have requested a trial.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Request Trial Access' })).toHaveAttribute(
      'href',
      '/trial-signup',
    );
    expect(screen.queryByText(awaitingApproval)).not.toBeInTheDocument();
  });

  it('says so when the password cannot be read, and logs it', async () => {
    trialPassword.mockResolvedValue({ data: null, error: { code: 'PGRST000', message: 'down' } });
    trialRows.mockReturnValue(null);
    renderConfirmation();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to verify trial access.');
    expect(logError).toHaveBeenCalledWith(
      'Error fetching the trial password:',
      expect.objectContaining({ message: 'down' }),
    );
  });
});
