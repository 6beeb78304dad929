import type { User } from '@supabase/supabase-js';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { supabaseFake } from '@/test/supabaseFake';
import { activeTrial, answerTrial } from '@/test/trialServer';
import TrialConfirmationPage from './TrialConfirmationPage';

const { logError } = vi.hoisted(() => ({ logError: vi.fn() }));
vi.mock('@/lib/logger', () => ({ logger: { error: logError, warn: vi.fn() } }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

const user = { id: 'u1', email: 'sam@example.com' } as User;

const renderConfirmation = () => renderWithProviders(<TrialConfirmationPage />, { auth: { user } });

const awaitingApproval =
  'Your trial password appears here as soon as your trial is approved. You will get a notification too; there is no need to reload this page.';

describe('/trial-signup/confirmation', () => {
  beforeEach(() => {
    supabaseFake.reset();
    logError.mockReset();
  });

  const requestReceived =
    'We have your trial request. You will get a notification as soon as it is approved.';

  it('shows the password with an active trial, and the way to the trial library', async () => {
    answerTrial({ active: activeTrial, password: 'shared-secret' });
    renderConfirmation();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Thanks for signing up!');
    expect(await screen.findByText('shared-secret')).toBeVisible();
    expect(screen.getByText('Your trial password')).toBeVisible();
    // Active, so nothing says the request still awaits approval.
    expect(
      screen.getByText('Your trial is active: use this password to unlock the training library.'),
    ).toBeVisible();
    expect(screen.queryByText(requestReceived)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your Trial Training Library' })).toHaveAttribute(
      'href',
      '/training-library-trial',
    );
    expect(screen.queryByText(awaitingApproval)).not.toBeInTheDocument();
  });

  it('while the request awaits approval, says the password comes with the approval', async () => {
    answerTrial({ pending: { id: 'r1' } });
    renderConfirmation();
    expect(await screen.findByText(awaitingApproval)).toBeVisible();
    expect(screen.getByText('Awaiting approval')).toBeVisible();
    expect(screen.getByText(requestReceived)).toBeVisible();
    expect(screen.queryByText('Your trial password')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request Trial Access' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to your Trial Training Library' })).toBeNull();
  });

  it('without a trial request, shows how to request one', async () => {
    answerTrial();
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
    answerTrial();
    supabaseFake.answer('rpc:trial_password', { error: { code: 'PGRST000', message: 'down' } });
    renderConfirmation();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to verify trial access.');
    expect(logError).toHaveBeenCalledWith(
      'Error fetching the trial password:',
      expect.objectContaining({ message: 'down' }),
    );
  });
});
