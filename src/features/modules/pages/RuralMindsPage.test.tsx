import type { User } from '@supabase/supabase-js';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@/lib/auth/authStore';
import { playerAddress, playerAddressForCode, ruralMindsCutCode } from '@/lib/playerAddress';
import { queryClient } from '@/lib/queryClient';
import { answerLearning, launchedUrl, progressRow } from '@/test/learningServer';
import { renderWithProviders } from '@/test/render';
import { supabaseFake } from '@/test/supabaseFake';
import RuralMindsPage from './RuralMindsPage';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: { error: toastError, success: vi.fn() } }));
vi.mock('@/lib/logger', () => ({ logger: { error: vi.fn(), warn: vi.fn() } }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

const user = { id: 'u1', email: 'sam@example.com' } as User;

async function renderRuralMinds(auth: Partial<AuthState> = {}) {
  await act(async () => {
    renderWithProviders(<RuralMindsPage />, { route: '/modules/rural-minds', auth });
  });
}

const professionalTitle = 'Rural Minds: 360 training for health professionals';
async function player(): Promise<HTMLElement> {
  const frame = await screen.findByTitle(professionalTitle);
  expect(frame.tagName).toBe('IFRAME');
  return frame;
}

describe('/modules/rural-minds', () => {
  // The learner's part is a chunk of its own: loaded once here rather than in a test's time.
  beforeAll(() => import('../components/LearnerRuralMindsTraining'));

  beforeEach(() => {
    supabaseFake.reset();
    queryClient.clear();
    toastError.mockReset();
    answerLearning();
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
  });

  it('opens the plain player address for an anonymous visitor: nothing launched or recorded', async () => {
    await renderRuralMinds();
    await userEvent.click(screen.getByRole('button', { name: 'Start Training' }));
    expect(await player()).toHaveAttribute('src', playerAddress('rural-minds'));
    expect(supabaseFake.calls()).toEqual([]);
  });

  it('opens the farmer-facing cut at its plain address for a signed-in visitor too', async () => {
    await renderRuralMinds({ user });
    await userEvent.click(await screen.findByRole('button', { name: 'Farmer-facing version' }));
    const cut = await screen.findByTitle('Rural Minds: the farmer-facing version');
    expect(cut.tagName).toBe('IFRAME');
    expect(cut).toHaveAttribute('src', playerAddressForCode(ruralMindsCutCode));
    expect(supabaseFake.calls('invoke:launch-module')).toEqual([]);
  });

  it('launches the professional version for a signed-in learner, and again after Close Training', async () => {
    await renderRuralMinds({ user });
    const start = await screen.findByRole('button', { name: 'Start Training' });
    await waitFor(() => expect(supabaseFake.calls('from:learning_progress')).not.toEqual([]));
    await userEvent.click(start);
    expect(await player()).toHaveAttribute('src', launchedUrl('rural-minds'));
    expect(supabaseFake.lastCall('invoke:launch-module').args).toEqual({
      module: 'rural-minds',
      playerUrl: playerAddress('rural-minds'),
    });

    const readsBefore = supabaseFake.calls('from:learning_progress').length;
    await userEvent.click(screen.getByRole('button', { name: 'Close Training' }));
    expect(document.querySelector('iframe')).toBeNull();
    // Closing reads the progress afresh.
    await waitFor(() =>
      expect(supabaseFake.calls('from:learning_progress').length).toBeGreaterThan(readsBefore),
    );
    expect(screen.getByRole('button', { name: 'Start Training' })).toHaveFocus();

    // A fetch URL works once: opening again is a new launch.
    await userEvent.click(screen.getByRole('button', { name: 'Start Training' }));
    await player();
    expect(supabaseFake.calls('invoke:launch-module')).toHaveLength(2);
  });

  it('keeps the button busy while launching, and on failure shows a toast and no player', async () => {
    supabaseFake.answer('invoke:launch-module', { error: new Error('offline') });
    await renderRuralMinds({ user });
    await userEvent.click(await screen.findByRole('button', { name: 'Start Training' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Your training did not open',
        'We could not start your training session. Check your connection and try again.',
        { label: 'Try again', onClick: expect.any(Function) },
      ),
    );
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Training' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it("reads 'Resume Training' with the learner's progress under the hero", async () => {
    answerLearning({
      progress: [progressRow({ module: 'rural-minds', seconds_watched: 600, percent: 40 })],
    });
    await renderRuralMinds({ user });
    expect(await screen.findByRole('button', { name: 'Resume Training' })).toBeVisible();
    expect(
      screen.getByRole('progressbar', { name: 'Your progress in Rural Minds' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('10 of 25 min')).toBeVisible();
  });
});
