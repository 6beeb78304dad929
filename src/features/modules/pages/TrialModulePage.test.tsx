import type { User } from '@supabase/supabase-js';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { details as conflictResolution } from '@/content/moduleDetails/conflict-resolution';
import { playerAddress } from '@/lib/playerAddress';
import { answerLearning, launchAnswer, launchedUrl, progressRow } from '@/test/learningServer';
import { deferred, renderWithProviders } from '@/test/render';
import { stepsOf, supabaseFake, type FakeAnswer } from '@/test/supabaseFake';
import { activeTrial, answerTrial } from '@/test/trialServer';
import TrialModulePage from './TrialModulePage';

const { toastError, logError } = vi.hoisted(() => ({
  toastError: vi.fn(),
  logError: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { error: toastError, success: vi.fn() } }));
vi.mock('@/lib/logger', () => ({ logger: { error: logError, warn: vi.fn() } }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

const user = { id: 'u1', email: 'sam@example.com' } as User;
const instructions =
  'DOUBLE CLICK TO ENTER FULL SCREEN; TO LOOK AROUND, CLICK AND DRAG WITH YOUR MOUSE OR TRACKPAD; LOOK DOWN FOR THE NAVIGATION MENU.';

// In an async act: the details below the hero suspend, and React 19 finishes a suspended first
// render only inside one.
async function renderTrialModule(slug = 'conflict-resolution') {
  await act(async () => {
    renderWithProviders(<TrialModulePage />, {
      route: `/modules/trial/${slug}`,
      path: '/modules/trial/:slug',
      auth: { user },
    });
  });
}

/** The arguments of every upsert into module_unlocks, oldest first. */
const unlocksRecorded = () =>
  supabaseFake.calls('from:module_unlocks').flatMap((call) => stepsOf(call, 'upsert'));

/** Start Training, once the trial check has enabled it. */
async function startButton() {
  const button = await screen.findByRole('button', { name: 'Start Training' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('/modules/trial/:slug', () => {
  let consoleError: MockInstance<typeof console.error>;

  beforeEach(() => {
    supabaseFake.reset();
    answerTrial({ active: activeTrial });
    answerLearning();
    toastError.mockReset();
    logError.mockReset();
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    consoleError = vi.spyOn(console, 'error');
  });

  // React's development warnings (a misused use(), among others) fail the test that caused them.
  afterEach(() => {
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('shows the hero, the back link and, below, the module details; no player yet', async () => {
    await renderTrialModule();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Conflict Resolution');
    expect(screen.getByRole('link', { name: 'Back to your trial library' })).toHaveAttribute(
      'href',
      '/training-library-trial',
    );
    await startButton();
    expect(await screen.findByRole('heading', { name: 'Learning outcomes' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Supporting resources' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Acknowledgements' })).toBeVisible();
    for (const line of conflictResolution.acknowledgements)
      expect(screen.getByText(line)).toBeVisible();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.queryByText(instructions)).not.toBeInTheDocument();
  });

  it("starts: 'Loading...' while recording, then 'Training Started ✓' for good with the instructions and the player", async () => {
    const recorded = deferred<FakeAnswer>();
    supabaseFake.answer('from:module_unlocks', () => recorded.promise);
    await renderTrialModule();
    await userEvent.click(await startButton());

    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(unlocksRecorded()).toEqual([
      [
        { user_id: 'u1', module_name: 'conflict-resolution' },
        { onConflict: 'user_id,module_name', ignoreDuplicates: true },
      ],
    ]);

    recorded.resolve({ error: null });
    expect(await screen.findByRole('button', { name: 'Training Started \u2713' })).toBeDisabled();
    expect(screen.getByText(instructions)).toBeVisible();
    expect(supabaseFake.lastCall('invoke:launch-module').args).toEqual({
      module: 'conflict-resolution',
      playerUrl: playerAddress('conflict-resolution'),
    });
    const player = screen.getByTitle('Conflict Resolution: 360 training');
    expect(player).toHaveAttribute('src', launchedUrl('conflict-resolution'));
    expect(player).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(player).toHaveAttribute(
      'allow',
      'fullscreen; autoplay; clipboard-write; xr-spatial-tracking',
    );
    expect(screen.getByRole('region', { name: 'Your training' })).toHaveFocus();
  });

  it('records a start already recorded without a conflict: a duplicate is ignored', async () => {
    supabaseFake.answer('from:module_unlocks', { error: null });
    await renderTrialModule('dementia');
    await userEvent.click(await startButton());
    expect(await screen.findByRole('button', { name: 'Training Started \u2713' })).toBeDisabled();
    expect(unlocksRecorded()).toContainEqual([
      expect.anything(),
      { onConflict: 'user_id,module_name', ignoreDuplicates: true },
    ]);
    expect(toastError).not.toHaveBeenCalled();
  });

  it("on failure returns to not started with 'Failed to record access. Please try again.', logged", async () => {
    const refusal = { code: '42501', message: 'new row violates row-level security policy' };
    supabaseFake.answer('from:module_unlocks', { error: refusal });
    await renderTrialModule('womens-health');
    await userEvent.click(await startButton());

    expect(await startButton()).toHaveFocus();
    expect(toastError).toHaveBeenCalledExactlyOnceWith(
      'Error',
      'Failed to record access. Please try again.',
    );
    expect(logError).toHaveBeenCalledWith('Error recording module access:', refusal);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it("launches after the start is recorded, still 'Loading...', and mounts the player only with the launch URL", async () => {
    supabaseFake.answer('from:module_unlocks', { error: null });
    const launched = deferred<FakeAnswer>();
    supabaseFake.answer('invoke:launch-module', () => launched.promise);
    await renderTrialModule('dementia');
    await userEvent.click(await startButton());

    await waitFor(() => expect(supabaseFake.calls('invoke:launch-module')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(document.querySelector('iframe')).toBeNull();

    launched.resolve({ data: launchAnswer });
    expect(await screen.findByTitle('Dementia: 360 training')).toHaveAttribute(
      'src',
      launchedUrl('dementia'),
    );
  });

  it('on a failed launch says so in a toast that tries again, keeping the start recorded', async () => {
    supabaseFake.answer('from:module_unlocks', { error: null });
    supabaseFake.answer('invoke:launch-module', { error: new Error('Failed to send a request') });
    await renderTrialModule('dementia');
    await userEvent.click(await startButton());

    await waitFor(() => expect(toastError).toHaveBeenCalledOnce());
    expect(toastError).toHaveBeenCalledWith(
      'Your training did not open',
      'We could not start your training session. Check your connection and try again.',
      { label: 'Try again', onClick: expect.any(Function) },
    );
    expect(logError).toHaveBeenCalledWith('Error launching a module:', expect.anything());
    expect(await startButton()).toHaveFocus();
    expect(document.querySelector('iframe')).toBeNull();

    supabaseFake.answer('invoke:launch-module', { data: launchAnswer });
    const [, , retry] = toastError.mock.calls[0] as [string, string, { onClick: () => void }];
    act(() => retry.onClick());
    expect(await screen.findByRole('button', { name: 'Training Started \u2713' })).toBeDisabled();
    expect(screen.getByTitle('Dementia: 360 training')).toHaveAttribute(
      'src',
      launchedUrl('dementia'),
    );
    // The start was recorded once: trying again launches only.
    expect(unlocksRecorded()).toHaveLength(1);
    expect(supabaseFake.calls('invoke:launch-module')).toHaveLength(2);
  });

  it("offers 'Resume Training' with the learner's progress under the hero", async () => {
    answerLearning({ progress: [progressRow({ module: 'dementia' })] });
    await renderTrialModule('dementia');
    expect(await screen.findByRole('button', { name: 'Resume Training' })).toBeVisible();
    const bar = screen.getByRole('progressbar', { name: 'Your progress in Dementia' });
    expect(bar).toHaveAttribute('aria-valuenow', '57');
    expect(bar).toHaveAttribute('aria-valuetext', '12 of 21 minutes watched, 57%');
    expect(screen.getByText('12 of 21 min')).toBeVisible();
    expect(screen.getByText('57%')).toBeVisible();
  });

  it("offers 'Watch Again' once completed, with the date", async () => {
    answerLearning({
      progress: [
        progressRow({
          module: 'dementia',
          seconds_watched: 1200,
          percent: 95,
          completed_at: '2026-11-28T09:00:00Z',
        }),
      ],
    });
    await renderTrialModule('dementia');
    expect(await screen.findByRole('button', { name: 'Watch Again' })).toBeVisible();
    expect(screen.getByText('Completed on 28 November 2026')).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('reads the progress again every 30 seconds while the player is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      supabaseFake.answer('from:module_unlocks', { error: null });
      await renderTrialModule('dementia');
      await userEvent.click(await startButton());
      await screen.findByTitle('Dementia: 360 training');
      await waitFor(() =>
        expect(supabaseFake.calls('from:learning_progress').length).toBeGreaterThan(0),
      );
      const before = supabaseFake.calls('from:learning_progress').length;
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(supabaseFake.calls('from:learning_progress').length).toBeGreaterThan(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a user without an active trial how to get one instead of offering Start Training', async () => {
    answerTrial();
    await renderTrialModule();
    expect(
      await screen.findByRole('heading', { name: 'This module needs an active trial' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Request Trial Access' })).toHaveAttribute(
      'href',
      '/trial-signup',
    );
    expect(screen.queryByRole('button', { name: 'Start Training' })).not.toBeInTheDocument();
  });

  it('treats a failed trial check as no active trial, and logs it', async () => {
    supabaseFake.answer('from:active_trial_users', { error: { message: 'unreachable' } });
    await renderTrialModule();
    expect(
      await screen.findByRole('heading', { name: 'This module needs an active trial' }),
    ).toBeVisible();
    expect(logError).toHaveBeenCalledWith('Error checking trial status:', {
      message: 'unreachable',
    });
  });

  it('keeps Start Training disabled until the trial check answers', async () => {
    supabaseFake.answer('from:active_trial_users', () => new Promise(() => undefined));
    await renderTrialModule();
    expect(screen.getByRole('button', { name: 'Start Training' })).toBeDisabled();
  });
});
