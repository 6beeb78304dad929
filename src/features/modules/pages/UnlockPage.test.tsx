import { FunctionsHttpError, type User } from '@supabase/supabase-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@/lib/auth/authStore';
import { playerAddress } from '@/lib/playerAddress';
import { answerLearning, launchAnswer, launchedUrl, progressRow } from '@/test/learningServer';
import { deferred, renderWithProviders } from '@/test/render';
import { supabaseFake, type FakeAnswer } from '@/test/supabaseFake';
import UnlockPage from './UnlockPage';

const { logError, toastError } = vi.hoisted(() => ({ logError: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/logger', () => ({ logger: { error: logError, warn: vi.fn() } }));
vi.mock('@/lib/toast', () => ({ toast: { error: toastError, success: vi.fn() } }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

const user = { id: 'u1', email: 'sam@example.com' } as User;

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderUnlock(path = '/unlock/dementia', auth: Partial<AuthState> = { user }) {
  return renderWithProviders(<UnlockPage />, {
    route: path,
    path: '/unlock/:slug',
    otherRoutes: { '*': <Where /> },
    auth,
    retry: true,
  });
}

const passwordField = () => screen.getByLabelText('Trial password or access code');
const hint =
  "Enter the password from your trial confirmation page, or your organisation's access code (for example ABCD-EFGH-JKMN). A code makes you a member of its organisation, which then sees your name, e-mail address and progress on the modules it gives you.";

/** How the server answers unlock_module. */
const answerUnlock = (answer: FakeAnswer | (() => Promise<FakeAnswer>)) =>
  supabaseFake.answer('rpc:unlock_module', answer);

/** What the page sent to unlock_module, each time. */
const unlocksSent = () => supabaseFake.calls('rpc:unlock_module').map((call) => call.args);

/** How the server answers my_assignments (completed_at is null until completed). */
const answerAssignments = (
  rows: {
    module: string;
    due_on: string;
    organisation_name: string;
    state: string;
    completed_at: string | null;
  }[],
) => supabaseFake.answer('rpc:my_assignments', { data: rows });

const assignedDementia = {
  module: 'dementia',
  due_on: '2026-12-12',
  organisation_name: 'Riverside Surgery',
  state: 'not_started',
  completed_at: null,
};

async function submit(password: string) {
  const typing = userEvent.setup();
  if (password) await typing.type(passwordField(), password);
  await typing.click(screen.getByRole('button', { name: 'Unlock' }));
}

describe('/unlock/:slug', () => {
  beforeEach(() => {
    supabaseFake.reset();
    answerLearning();
    answerAssignments([]);
    logError.mockReset();
    toastError.mockReset();
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
  });

  it('sends a signed-out visitor to the login page, returning here with the query', () => {
    renderUnlock('/unlock/dementia?error=badpass', {});
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/login?return_to=${encodeURIComponent('/unlock/dementia?error=badpass')}`,
    );
  });

  it('shows nothing of the form while the session loads', () => {
    renderUnlock('/unlock/dementia', { loading: true });
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('shows the module, the form and the locked player area', () => {
    renderUnlock();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dementia');
    // A shared trial password or an organisation's code shows as typed, with nothing to toggle.
    expect(passwordField()).toHaveAttribute('type', 'text');
    expect(screen.queryByRole('button', { name: 'Show password' })).not.toBeInTheDocument();
    expect(passwordField()).toHaveAccessibleDescription(hint);
    expect(screen.getByText('Enter the password above to unlock the training.')).toBeVisible();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("requires a password: 'Password is required' under the field, nothing sent", async () => {
    renderUnlock();
    await submit('');
    expect(await screen.findByText('Password is required')).toBeVisible();
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordField()).toHaveAccessibleDescription(`${hint} Password is required`);
    expect(unlocksSent()).toEqual([]);
  });

  it("unlocks: 'Checking...', then 'Unlocked ✓' with field and button disabled and the player loaded", async () => {
    const answer = deferred<FakeAnswer>();
    answerUnlock(() => answer.promise);
    renderUnlock();
    await submit('  Revolve360 ');

    const checking = await screen.findByRole('button', { name: 'Checking...' });
    expect(checking).toBeDisabled();
    expect(unlocksSent()).toEqual([{ slug: 'dementia', password: 'Revolve360' }]);

    answer.resolve({ data: { unlocked: true, grant: 'trial', unlock: {} }, error: null });
    expect(await screen.findByRole('button', { name: 'Unlocked \u2713' })).toBeDisabled();
    expect(passwordField()).toBeDisabled();
    expect(await screen.findByTitle('Dementia: 360 training')).toHaveAttribute(
      'src',
      launchedUrl('dementia'),
    );
    expect(supabaseFake.lastCall('invoke:launch-module').args).toEqual({
      module: 'dementia',
      playerUrl: playerAddress('dementia'),
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Training unlocked. The 360 player has loaded below.',
    );
    expect(
      screen.queryByText('Enter the password above to unlock the training.'),
    ).not.toBeInTheDocument();
  });

  it.each([
    [
      'a wrong password or code',
      { reason: 'incorrect', message: 'Incorrect password. Please try again.' },
    ],
    // SPEC.md's words for a wrong password, whatever the server calls it.
    ['a wrong password, however the server words it', { reason: 'incorrect', message: 'Nope.' }],
    ['an older server without reasons', { message: 'Incorrect password. Please try again.' }],
  ])("%s: 'Incorrect password. Please try again.', what was typed kept", async (_case, refusal) => {
    answerUnlock({ data: { unlocked: false, ...refusal }, error: null });
    renderUnlock();
    await submit('not-it');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Incorrect password\. Please try again\.$/,
    );
    expect(passwordField()).toHaveValue('not-it');
    expect(passwordField()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeEnabled();
    expect(document.querySelector('iframe')).toBeNull();
    expect(logError).not.toHaveBeenCalled();
  });

  it.each([
    ['trial_pending', 'Your trial is awaiting approval. You can unlock modules once it is active.'],
    ['trial_ended', 'Your trial has ended. Please contact us for continued access.'],
    ['no_trial', 'This needs an active trial or an access code from your organisation.'],
    ['code_expired', 'This access code has expired. Please ask your organisation for a new one.'],
    ['code_revoked', 'This access code is no longer valid. Please ask your organisation.'],
    ['code_full', 'This access code has been used by as many people as it allows.'],
    ['code_module', 'This access code does not include this module.'],
    ['a reason this version does not know', 'Ask us about access to this module.'],
  ])("refused for %s: the server's message, what was typed kept", async (reason, message) => {
    answerUnlock({ data: { unlocked: false, reason, message }, error: null });
    renderUnlock('/unlock/home-visits');
    await submit('ABCD-EFGH-JKMN');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(passwordField()).toHaveValue('ABCD-EFGH-JKMN');
    expect(passwordField()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeEnabled();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('Enter the password above to unlock the training.')).toBeVisible();
  });

  it('unlocks with an access code like a trial password', async () => {
    answerUnlock({
      data: { unlocked: true, grant: 'access_code', unlock: { module_name: 'home-visits' } },
      error: null,
    });
    renderUnlock('/unlock/home-visits');
    await submit(' abcd-efgh-jkmn ');
    expect(await screen.findByRole('button', { name: 'Unlocked \u2713' })).toBeDisabled();
    expect(unlocksSent()).toEqual([{ slug: 'home-visits', password: 'abcd-efgh-jkmn' }]);
    expect(await screen.findByTitle('Home Visits: 360 training')).toHaveAttribute(
      'src',
      launchedUrl('home-visits'),
    );
  });

  it('says the training is opening while the launch is asked for; no player until it answers', async () => {
    const launched = deferred<FakeAnswer>();
    supabaseFake.answer('invoke:launch-module', () => launched.promise);
    answerUnlock({ data: { unlocked: true, grant: 'trial' }, error: null });
    renderUnlock();
    await submit('Revolve360');
    expect(await screen.findByText('Opening your training...')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Training unlocked. Opening the 360 player...',
    );
    expect(document.querySelector('iframe')).toBeNull();
    launched.resolve({ data: launchAnswer });
    expect(await screen.findByTitle('Dementia: 360 training')).toBeVisible();
  });

  it('on a refused launch says why, stays unlocked and can try again', async () => {
    supabaseFake.answer('invoke:launch-module', {
      error: new FunctionsHttpError(new Response('{"error":"no"}', { status: 403 })),
    });
    answerUnlock({ data: { unlocked: true, grant: 'access_code' }, error: null });
    renderUnlock();
    await submit('ABCD-EFGH-JKMN');

    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Your training did not open',
        expect.stringMatching(/^Your access to this module has ended/),
        { label: 'Try again', onClick: expect.any(Function) },
      ),
    );
    expect(screen.getByRole('button', { name: 'Unlocked \u2713' })).toBeDisabled();
    expect(screen.getByText('The training did not open.')).toBeVisible();
    expect(document.querySelector('iframe')).toBeNull();

    supabaseFake.answer('invoke:launch-module', { data: launchAnswer });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('Dementia: 360 training')).toHaveAttribute(
      'src',
      launchedUrl('dementia'),
    );
    expect(supabaseFake.calls('rpc:unlock_module')).toHaveLength(1);
  });

  it("shows the learner's progress in the module under the heading", async () => {
    answerLearning({ progress: [progressRow({ module: 'dementia' })] });
    renderUnlock();
    expect(
      await screen.findByRole('progressbar', { name: 'Your progress in Dementia' }),
    ).toHaveAttribute('aria-valuenow', '57');
    expect(screen.getByText('12 of 21 min')).toBeVisible();
  });

  it("a refusal without the server's words: 'Something went wrong. Please try again.'", async () => {
    answerUnlock({ data: { unlocked: false, reason: 'code_full' }, error: null });
    renderUnlock();
    await submit('ABCD-EFGH-JKMN');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
  });

  it("shows 'Something went wrong. Please try again.' when the call fails, and logs it", async () => {
    answerUnlock({
      data: null,
      error: { code: 'PT404', message: 'Unknown training module' },
    });
    renderUnlock();
    await submit('revolve360');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
    expect(logError).toHaveBeenCalledWith(
      'Error unlocking module:',
      expect.objectContaining({ code: 'PT404' }),
    );
    expect(passwordField()).toHaveValue('revolve360');
  });

  it('shows the same when the service cannot be reached', async () => {
    answerUnlock(() => Promise.reject(new TypeError('Failed to fetch')));
    renderUnlock();
    await submit('revolve360');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
  });

  it.each([
    ['for a lapsed session', '42501', 'Please log in to access training'],
    [
      'after too many attempts',
      'PT429',
      'Too many attempts. Please wait a few minutes and try again.',
    ],
  ])("passes on the server's message %s", async (_case, code, message) => {
    answerUnlock({ data: null, error: { code, message } });
    renderUnlock();
    await submit('guess');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('clears an earlier refusal when the user tries again', async () => {
    const answer = deferred<FakeAnswer>();
    answerUnlock(() => answer.promise);
    renderUnlock('/unlock/dementia?error=badpass');
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect password. Please try again.');
    await submit('revovle360');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    answer.resolve({ data: { unlocked: true }, error: null });
    expect(await screen.findByRole('button', { name: 'Unlocked \u2713' })).toBeDisabled();
  });

  describe("a module the learner's organisation assigned them", () => {
    it('asks no password: who assigned it and when it is due, and Start Training launches it', async () => {
      answerAssignments([assignedDementia]);
      renderUnlock();
      expect(
        await screen.findByText('Assigned by Riverside Surgery, due 12 December 2026'),
      ).toBeVisible();
      expect(screen.queryByLabelText('Trial password or access code')).not.toBeInTheDocument();
      expect(screen.getByText('Press Start Training above to open the training.')).toBeVisible();
      expect(
        screen.getByText(
          'Your organisation assigned you this module: open it with Start Training.',
        ),
      ).toBeVisible();

      await userEvent.click(screen.getByRole('button', { name: 'Start Training' }));
      expect(await screen.findByTitle('Dementia: 360 training')).toHaveAttribute(
        'src',
        launchedUrl('dementia'),
      );
      expect(supabaseFake.lastCall('invoke:launch-module').args).toEqual({
        module: 'dementia',
        playerUrl: playerAddress('dementia'),
      });
      expect(screen.getByRole('button', { name: 'Training Started \u2713' })).toBeDisabled();
      expect(unlocksSent()).toEqual([]);
    });

    it('says when it is overdue, or when it was completed', async () => {
      answerAssignments([
        { ...assignedDementia, due_on: '2020-01-10' },
        {
          ...assignedDementia,
          module: 'home-visits',
          state: 'completed',
          completed_at: '2026-11-20T10:00:00Z',
        },
      ]);
      const { unmount } = renderUnlock();
      expect(
        await screen.findByText('Assigned by Riverside Surgery, due 10 January 2020'),
      ).toBeVisible();
      expect(screen.getByText('Overdue')).toBeVisible();
      unmount();

      renderUnlock('/unlock/home-visits');
      expect(await screen.findByText('You completed it on 20 November 2026.')).toBeVisible();
      expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    });

    it('keeps the form for a module assigned to none of them, or when the assignments cannot be read', async () => {
      answerAssignments([{ ...assignedDementia, module: 'home-visits' }]);
      const { unmount } = renderUnlock();
      await waitFor(() => expect(supabaseFake.calls('rpc:my_assignments')).toHaveLength(1));
      expect(passwordField()).toBeEnabled();
      expect(screen.queryByText(/Assigned by/)).not.toBeInTheDocument();
      unmount();

      supabaseFake.answer('rpc:my_assignments', { error: { message: 'unreachable' } });
      renderWithProviders(<UnlockPage />, {
        route: '/unlock/dementia',
        path: '/unlock/:slug',
        auth: { user },
      });
      await waitFor(() =>
        expect(logError).toHaveBeenCalledWith('Error loading assigned modules:', {
          message: 'unreachable',
        }),
      );
      expect(passwordField()).toBeEnabled();
    });
  });

  it('renders nothing for a module without an unlock page', () => {
    const { container } = renderUnlock('/unlock/not-a-module');
    expect(container).toBeEmptyDOMElement();
  });
});
