// The confirmation page (trials) and the notification channel (notifications) meet only in the
// app, where the header and the page share one query cache: this tests that meeting.
import type { User } from '@supabase/supabase-js';
import { act, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotifications } from '@/features/notifications/hooks';
import DashboardPage from '@/features/trials/pages/DashboardPage';
import TrialConfirmationPage from '@/features/trials/pages/TrialConfirmationPage';
import { renderWithProviders } from '@/test/render';
import { stepsOf, supabaseFake } from '@/test/supabaseFake';
import { activeTrial, answerTrial } from '@/test/trialServer';

const { toastSuccess } = vi.hoisted(() => ({ toastSuccess: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: vi.fn() } }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

const user = { id: 'u1', email: 'sam@example.com' } as User;
const channel = `notifications:${user.id}`;

/** The header's bell, without its markup: it keeps the user's notification channel open. */
function NotificationChannel() {
  useNotifications(user.id);
  return null;
}

/** Whether the user's notification channel is open (it has subscribed). */
const channelOpen = () =>
  supabaseFake.calls(`channel:${channel}`).some((call) => stepsOf(call, 'subscribe').length > 0);

/** The admin approves: the database now gives out the password, then notifies the user. */
function approve() {
  answerTrial({ active: activeTrial, password: 'shared-secret' });
  act(() =>
    supabaseFake.emitChange(channel, {
      eventType: 'INSERT',
      new: {
        id: 'n1',
        user_id: user.id,
        title: 'Trial approved',
        message: 'Your 30-day trial is active until 1 January 2099.',
        type: 'success',
        read: false,
        read_at: null,
        created_at: new Date().toISOString(),
      },
    }),
  );
}

function renderWithChannel(page: ReactNode) {
  renderWithProviders(
    <>
      <NotificationChannel />
      {page}
    </>,
    { auth: { user } },
  );
}

describe('a trial approved while a page showing it is open', () => {
  beforeEach(() => {
    supabaseFake.reset();
    answerTrial({ pending: { id: 'r1' } });
    supabaseFake.answer('from:notifications', { data: [] });
  });

  it('the confirmation page shows the trial password without a reload', async () => {
    renderWithChannel(<TrialConfirmationPage />);
    expect(
      await screen.findByText(/Your trial password appears here as soon as your trial is approved/),
    ).toBeVisible();
    expect(channelOpen()).toBe(true);

    approve();

    expect(await screen.findByText('shared-secret')).toBeVisible();
    expect(screen.queryByText(/as soon as your trial is approved/)).not.toBeInTheDocument();
    expect(toastSuccess).toHaveBeenCalledWith(
      'Trial approved',
      'Your 30-day trial is active until 1 January 2099.',
    );
  });

  it('the dashboard card turns from pending to active without a reload', async () => {
    renderWithChannel(<DashboardPage />);
    const card = await screen.findByRole('region', { name: 'Your trial' });
    expect(await within(card).findByText('Trial Request Pending')).toBeVisible();
    expect(channelOpen()).toBe(true);

    approve();

    expect(await within(card).findByText('Active Trial')).toBeVisible();
    expect(within(card).queryByText('Trial Request Pending')).not.toBeInTheDocument();
    expect(localStorage.getItem('revolve:trial:v1')).toContain('exp');
  });
});
