import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderWithProviders } from '@/test/render';
import { supabaseFake, type FakeAnswer } from '@/test/supabaseFake';
import type { MyInvitation } from '../learnerApi';
import InvitationsPage from './InvitationsPage';

const { logError, toastSuccess } = vi.hoisted(() => ({
  logError: vi.fn(),
  toastSuccess: vi.fn(),
}));
vi.mock('@/lib/logger', () => ({ logger: { error: logError, warn: vi.fn() } }));
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: toastSuccess } }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

const user = { id: 'u1', email: 'sam@example.com' } as User;

const sees =
  'Your name and e-mail address, and your progress and completion dates on the modules it assigns you or you unlock with its access code, with links to those certificates. Not your other modules, your notifications or your reflections.';

function invitation(overrides: Partial<MyInvitation> = {}): MyInvitation {
  return {
    id: 'i1',
    organisation_id: 'o1',
    organisation_name: 'Riverside Surgery',
    role: 'learner',
    expires_at: '2026-12-12T10:00:00Z',
    ...overrides,
  };
}

const answerInvitations = (answer: MyInvitation[] | FakeAnswer) =>
  supabaseFake.answer('rpc:my_invitations', Array.isArray(answer) ? { data: answer } : answer);

function renderPage(signedIn: User = user) {
  return renderWithProviders(<InvitationsPage />, {
    route: '/invitations',
    path: '/invitations',
    auth: { user: signedIn },
  });
}

const card = (organisation: string) => screen.getByRole('article', { name: organisation });

describe('/invitations', () => {
  beforeEach(() => {
    supabaseFake.reset();
    logError.mockReset();
    toastSuccess.mockReset();
  });

  it('lists each invitation with its role, its expiry and what the organisation will see', async () => {
    answerInvitations([
      invitation(),
      invitation({ id: 'i2', organisation_name: 'North Trust', role: 'manager' }),
    ]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your invitations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const riverside = card('Riverside Surgery');
    expect(riverside).toHaveTextContent('Role: Learner');
    expect(riverside).toHaveTextContent('Expires 12 December 2026');
    const seen = within(riverside).getByRole('region', {
      name: 'What Riverside Surgery will see if you join',
    });
    expect(seen).toHaveTextContent(sees);
    expect(within(riverside).getByRole('button', { name: 'Join Riverside Surgery' })).toBeEnabled();
    expect(
      within(riverside).getByRole('button', {
        name: 'Decline the invitation from Riverside Surgery',
      }),
    ).toHaveTextContent('Decline');

    expect(card('North Trust')).toHaveTextContent('Role: Manager');
    expect(screen.queryByText('You have no invitations.')).not.toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    answerInvitations([]);
    renderPage();
    expect(await screen.findByText('You have no invitations.')).toBeVisible();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('joins: accept_invitation, a toast, the way to the dashboard, and the list read again', async () => {
    answerInvitations([invitation()]);
    const joined = deferred<FakeAnswer>();
    supabaseFake.answer('rpc:accept_invitation', () => joined.promise);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join Riverside Surgery' }));

    expect(supabaseFake.lastCall('rpc:accept_invitation').args).toEqual({ invitation_id: 'i1' });
    expect(await screen.findByRole('button', { name: 'Joining...' })).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Decline the invitation from Riverside Surgery' }),
    ).toBeDisabled();

    answerInvitations([]);
    joined.resolve({
      data: { organisation_id: 'o1', organisation_name: 'Riverside Surgery', role: 'learner' },
    });
    expect(await screen.findByText('You joined Riverside Surgery.')).toBeVisible();
    expect(toastSuccess).toHaveBeenCalledWith(
      'You joined Riverside Surgery',
      'The training it assigns you is on your dashboard.',
    );
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(await screen.findByText('You have no invitations.')).toBeVisible();
    expect(supabaseFake.calls('rpc:my_invitations')).toHaveLength(2);
    expect(
      screen.queryByRole('link', { name: 'Manage your organisation' }),
    ).not.toBeInTheDocument();
  });

  it('offers a new manager the way to their organisation', async () => {
    answerInvitations([invitation({ role: 'manager' })]);
    supabaseFake.answer('rpc:accept_invitation', {
      data: { organisation_id: 'o1', organisation_name: 'Riverside Surgery', role: 'manager' },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join Riverside Surgery' }));
    expect(await screen.findByRole('link', { name: 'Manage your organisation' })).toHaveAttribute(
      'href',
      '/organisation',
    );
  });

  it.each([
    ['no longer open', 'PT404', 'This invitation is no longer open'],
    [
      'without a free place',
      'PT409',
      'Your organisation has no free places left. Please ask your organisation to add more.',
    ],
  ])(
    "says why it could not join when the invitation is %s, in the server's words",
    async (_case, code, message) => {
      answerInvitations([invitation()]);
      supabaseFake.answer('rpc:accept_invitation', { error: { code, message } });
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'Join Riverside Surgery' }));
      expect(await within(card('Riverside Surgery')).findByRole('alert')).toHaveTextContent(
        message,
      );
      expect(screen.getByRole('button', { name: 'Join Riverside Surgery' })).toBeEnabled();
      expect(toastSuccess).not.toHaveBeenCalled();
      expect(screen.queryByText(/You joined/)).not.toBeInTheDocument();
    },
  );

  it('sends a manager without an authenticator app to set one up, keeping the invitation', async () => {
    answerInvitations([invitation({ role: 'manager' })]);
    supabaseFake.answer('rpc:accept_invitation', {
      error: {
        code: 'PT428',
        message: 'Managing an organisation needs two-factor sign-in.',
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join Riverside Surgery' }));
    const riverside = within(card('Riverside Surgery'));
    expect(await riverside.findByRole('alert')).toHaveTextContent(
      'Managing Riverside Surgery needs two-factor sign-in. Set up an authenticator app on your account, then come back here to join: this invitation stays open.',
    );
    expect(riverside.getByRole('link', { name: 'Set up an authenticator app' })).toHaveAttribute(
      'href',
      '/account/security?return_to=%2Finvitations',
    );
    expect(riverside.getByRole('button', { name: 'Join Riverside Surgery' })).toBeEnabled();
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('says the join failed, and logs it, when the call fails otherwise', async () => {
    answerInvitations([invitation()]);
    supabaseFake.answer('rpc:accept_invitation', {
      error: { code: '08006', message: 'connection failure' },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join Riverside Surgery' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not join you to Riverside Surgery. Please try again.',
    );
    expect(logError).toHaveBeenCalledWith(
      'Error joining an organisation:',
      expect.objectContaining({ code: '08006' }),
    );
  });

  it('declines: decline_invitation, a toast, and the invitation leaves the list', async () => {
    answerInvitations([invitation(), invitation({ id: 'i2', organisation_name: 'North Trust' })]);
    supabaseFake.answer('rpc:decline_invitation', { data: null });
    renderPage();
    const decline = await screen.findByRole('button', {
      name: 'Decline the invitation from North Trust',
    });
    answerInvitations([invitation()]);
    await userEvent.click(decline);
    expect(supabaseFake.lastCall('rpc:decline_invitation').args).toEqual({ invitation_id: 'i2' });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'North Trust' })).not.toBeInTheDocument(),
    );
    expect(toastSuccess).toHaveBeenCalledWith('Invitation from North Trust declined');
    expect(card('Riverside Surgery')).toBeVisible();
    expect(supabaseFake.calls('rpc:accept_invitation')).toEqual([]);
  });

  it('says when declining failed, keeping the invitation', async () => {
    answerInvitations([invitation()]);
    supabaseFake.answer('rpc:decline_invitation', { error: { message: 'unreachable' } });
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Decline the invitation from Riverside Surgery' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not decline the invitation. Please try again.',
    );
    expect(card('Riverside Surgery')).toBeVisible();
  });

  it('says when the invitations cannot be loaded, and tries again', async () => {
    answerInvitations({ error: { message: 'unreachable' } });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your invitations.');
    answerInvitations([invitation()]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Riverside Surgery' })).toBeVisible();
  });

  it('asks a user an invitation made to set a password, and no one else', async () => {
    answerInvitations([]);
    const { unmount } = renderPage({ ...user, invited_at: '2026-11-28T09:00:00Z' });
    expect(screen.getByText(/If you have not set a password yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set a password' })).toHaveAttribute(
      'href',
      '/change-password',
    );
    await screen.findByText('You have no invitations.');
    unmount();

    renderPage();
    await screen.findByText('You have no invitations.');
    expect(screen.queryByRole('link', { name: 'Set a password' })).not.toBeInTheDocument();
  });
});
