// The confirmation page (trials) and the notification channel (notifications) meet only in the
// app, where the header and the page share one query cache: this tests that meeting.
import type { User } from '@supabase/supabase-js';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotifications } from '@/features/notifications/hooks';
import DashboardPage from '@/features/trials/pages/DashboardPage';
import TrialConfirmationPage from '@/features/trials/pages/TrialConfirmationPage';
import { AuthStateProvider } from '@/lib/auth/AuthProvider';
import { signedOutState } from '@/lib/auth/authStore';
import { createQueryClient } from '@/lib/queryClient';

const { backend, toastSuccess } = vi.hoisted(() => ({
  backend: {
    password: null as string | null,
    active: null as { expires_at: string; status: string } | null,
    pending: { id: 'r1' } as { id: string } | null,
    inserted: undefined as ((payload: { new: unknown }) => void) | undefined,
  },
  toastSuccess: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: vi.fn() } }));

vi.mock('@/lib/loadSupabase', () => {
  const from = (table: string) => {
    const query = {
      select: () => query,
      eq: () => query,
      order: () => query,
      limit: () => query,
      range: () => query,
      abortSignal: () =>
        table === 'notifications' ? Promise.resolve({ data: [], error: null }) : query,
      maybeSingle: () =>
        Promise.resolve({
          data:
            table === 'active_trial_users'
              ? backend.active
              : table === 'pending_trials'
                ? backend.pending
                : null,
          error: null,
        }),
    };
    return query;
  };
  const rpc = () => ({
    abortSignal: () => Promise.resolve({ data: backend.password, error: null }),
  });
  const channel = () => {
    const subscription = {
      on: (
        _kind: string,
        filter: { event: string },
        handler: (payload: { new: unknown }) => void,
      ) => {
        if (filter.event === 'INSERT') backend.inserted = handler;
        return subscription;
      },
      subscribe: () => subscription,
    };
    return subscription;
  };
  return {
    loadSupabase: () =>
      Promise.resolve({ from, rpc, channel, removeChannel: () => Promise.resolve() }),
  };
});

const user = { id: 'u1', email: 'sam@example.com' } as User;

/** The header's bell, without its markup: it keeps the user's notification channel open. */
function NotificationChannel() {
  useNotifications(user.id);
  return null;
}

/** The admin approves: the database now gives out the password, then notifies the user. */
function approve() {
  Object.assign(backend, {
    password: 'shared-secret',
    active: { expires_at: '2099-01-01T00:00:00Z', status: 'active' },
    pending: null,
  });
  act(() =>
    backend.inserted?.({
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
  render(
    <QueryClientProvider client={createQueryClient({ queries: { retry: false } })}>
      <AuthStateProvider value={{ ...signedOutState, user }}>
        <MemoryRouter>
          <NotificationChannel />
          {page}
        </MemoryRouter>
      </AuthStateProvider>
    </QueryClientProvider>,
  );
}

describe('a trial approved while a page showing it is open', () => {
  beforeEach(() => {
    Object.assign(backend, {
      password: null,
      active: null,
      pending: { id: 'r1' },
      inserted: undefined,
    });
  });

  it('the confirmation page shows the trial password without a reload', async () => {
    renderWithChannel(<TrialConfirmationPage />);
    expect(
      await screen.findByText(/Your trial password appears here as soon as your trial is approved/),
    ).toBeVisible();
    expect(backend.inserted).toBeDefined();

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
    expect(backend.inserted).toBeDefined();

    approve();

    expect(await within(card).findByText('Active Trial')).toBeVisible();
    expect(within(card).queryByText('Trial Request Pending')).not.toBeInTheDocument();
    expect(localStorage.getItem('revolve:trial:v1')).toContain('exp');
  });
});
