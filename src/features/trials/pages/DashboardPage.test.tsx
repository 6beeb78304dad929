import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { certificateRow, reflected } from '@/test/certificateServer';
import { answerLearning, progressRow } from '@/test/learningServer';
import { renderWithProviders } from '@/test/render';
import { stepsOf, supabaseFake, type FakeAnswer } from '@/test/supabaseFake';
import { activeTrial, answerTrial } from '@/test/trialServer';
import type { Database } from '@/lib/database.types';
import DashboardPage from './DashboardPage';

const { logError } = vi.hoisted(() => ({ logError: vi.fn() }));
vi.mock('@/lib/logger', () => ({ logger: { error: logError, warn: vi.fn() } }));
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

const user = { id: 'u1', email: 'sam@example.com' } as User;

const renderDashboard = () =>
  renderWithProviders(<DashboardPage />, { route: '/dashboard', auth: { user } });

const myLearning = () => screen.getByRole('region', { name: 'My learning' });

/** The module cards, once loaded, by their titles. */
async function cards(): Promise<Map<string, HTMLElement>> {
  const list = await within(myLearning()).findByRole('list', { name: 'Your modules' });
  return new Map(
    within(list)
      .getAllByRole('listitem')
      .map((item) => [within(item).getByRole('heading', { level: 3 }).textContent ?? '', item]),
  );
}

function card(all: Map<string, HTMLElement>, title: string): HTMLElement {
  const found = all.get(title);
  if (!found) throw new Error(`No card for ${title}: ${[...all.keys()].join(', ')}`);
  return found;
}

type Functions = Database['public']['Functions'];
type AssignmentRow = Functions['my_assignments']['Returns'][number];
type MyInvitation = Functions['my_invitations']['Returns'][number];

/** The learner's organisations answer: no assignments, invitations or organisations managed unless told. */
function answerOrganisations({
  assignments = [],
  invitations = [],
  managed = [],
}: {
  assignments?: AssignmentAnswer[] | FakeAnswer;
  invitations?: MyInvitation[];
  managed?: { id: string; name: string }[];
} = {}) {
  supabaseFake.answer('rpc:my_managed_organisations', { data: managed });
  supabaseFake.answer(
    'rpc:my_assignments',
    Array.isArray(assignments) ? { data: assignments } : assignments,
  );
  supabaseFake.answer('rpc:my_invitations', { data: invitations });
}

type AssignmentAnswer = AssignmentRow;

function assignmentRow(overrides: Partial<AssignmentAnswer> = {}): AssignmentAnswer {
  return {
    user_id: 'a0000000-0000-4000-8000-000000000002',
    organisation_id: 'c0000000-0000-4000-8000-000000000001',
    module: 'dementia',
    due_on: '2026-12-12',
    organisation_name: 'Riverside Surgery',
    state: 'not_started',
    completed_at: null,
    ...overrides,
  };
}

describe("/dashboard's My learning", () => {
  // The section's code is a chunk of its own: loaded once here rather than in the first test's time.
  beforeAll(() => import('@/features/learning/components/MyLearning'));

  beforeEach(() => {
    supabaseFake.reset();
    logError.mockReset();
    answerTrial({ active: activeTrial });
    answerLearning();
    answerOrganisations();
    supabaseFake.answer('from:certificates', { data: [] });
  });

  it("keeps the dashboard's own content: the welcome, the trial card and the quick actions", async () => {
    renderDashboard();
    expect(screen.getByText('sam@example.com')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Quick actions' })).toBeVisible();
    expect(await screen.findByText('Active Trial')).toBeVisible();
    await cards();
  });

  it('shows a module in progress with its bar, minutes and percent, and a Resume link', async () => {
    answerLearning({ progress: [progressRow({ module: 'dementia' })] });
    renderDashboard();
    const dementia = card(await cards(), 'Dementia');
    const bar = within(dementia).getByRole('progressbar', { name: 'Your progress in Dementia' });
    expect(bar).toHaveAttribute('aria-valuenow', '57');
    expect(dementia).toHaveTextContent('12 of 21 min');
    expect(dementia).toHaveTextContent('57%');
    expect(within(dementia).getByRole('link', { name: 'Resume: Dementia' })).toHaveAttribute(
      'href',
      '/modules/trial/dementia',
    );
    expect(screen.queryByText(/You have not started any training yet/)).not.toBeInTheDocument();
  });

  it('shows a completed module with its date and a Watch again link', async () => {
    answerLearning({
      progress: [
        progressRow({
          module: 'chronic-pain',
          seconds_watched: 1000,
          percent: 98,
          completed_at: '2026-11-28T09:00:00Z',
        }),
      ],
    });
    renderDashboard();
    const chronicPain = card(await cards(), 'Chronic Pain');
    expect(chronicPain).toHaveTextContent('Completed on 28 November 2026');
    expect(
      within(chronicPain).getByRole('link', { name: 'Watch again: Chronic Pain' }),
    ).toHaveAttribute('href', '/unlock/chronic-pain');
  });

  it('lists what the learner can open: trial modules while the trial lasts, unlocks, Rural Minds', async () => {
    answerLearning({
      unlocks: [
        { module_name: 'group-diabetes', grant_kind: 'access_code' },
        { module_name: 'home-visits', grant_kind: 'trial' },
      ],
    });
    renderDashboard();
    const all = await cards();
    expect([...all.keys()]).toEqual([
      'Home Visits',
      'Dementia',
      "Women's Health",
      'Conflict Resolution',
      'Rural Minds',
      'Group Clinics: Diabetes',
    ]);
    expect(screen.getByText(/You have not started any training yet/)).toBeVisible();
    expect(
      within(card(all, 'Dementia')).getByRole('link', { name: 'Start: Dementia' }),
    ).toHaveAttribute('href', '/modules/trial/dementia');
    expect(
      within(card(all, 'Rural Minds')).getByRole('link', { name: 'Start: Rural Minds' }),
    ).toHaveAttribute('href', '/modules/rural-minds');
    expect(
      within(card(all, 'Group Clinics: Diabetes')).getByRole('link', { name: /^Start/ }),
    ).toHaveAttribute('href', '/unlock/group-diabetes');
    expect(card(all, 'Dementia')).toHaveTextContent('0 of 21 min');
  });

  it('leaves out trial modules and trial unlocks once the trial has ended', async () => {
    answerTrial();
    answerLearning({
      progress: [progressRow({ module: 'womens-health', seconds_watched: 300, percent: 26 })],
      unlocks: [{ module_name: 'home-visits', grant_kind: 'trial' }],
    });
    renderDashboard();
    const all = await cards();
    expect([...all.keys()]).toEqual(["Women's Health", 'Rural Minds']);
    // Without the trial, a trial module opens with an access code on its unlock page.
    expect(within(card(all, "Women's Health")).getByRole('link')).toHaveAttribute(
      'href',
      '/unlock/womens-health',
    );
  });

  it('shows the most recently watched first', async () => {
    answerLearning({
      progress: [
        progressRow({ module: 'dementia', last_activity_at: '2026-11-01T10:00:00Z' }),
        progressRow({ module: 'rural-minds', last_activity_at: '2026-11-27T10:00:00Z' }),
      ],
    });
    renderDashboard();
    expect([...(await cards()).keys()].slice(0, 2)).toEqual(['Rural Minds', 'Dementia']);
  });

  it('still lists the rest when the unlocks cannot be read', async () => {
    answerLearning({ unlocks: { error: { message: 'permission denied' } } });
    renderDashboard();
    expect((await cards()).has('Rural Minds')).toBe(true);
  });

  it('shows a skeleton while loading, announced as loading', async () => {
    supabaseFake.answer('from:learning_progress', () => new Promise<FakeAnswer>(() => undefined));
    renderDashboard();
    expect(within(myLearning()).getByRole('status')).toHaveTextContent('Loading your learning...');
    expect(myLearning()).toHaveAttribute('aria-busy', 'true');
  });

  it('says when the learning cannot be loaded, and tries again', async () => {
    answerLearning({ progress: { error: { message: 'unreachable' } } });
    renderDashboard();
    const alert = await within(myLearning()).findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your learning.');
    expect(logError).toHaveBeenCalledWith('Error loading learning progress:', {
      message: 'unreachable',
    });

    answerLearning({ progress: [progressRow()] });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(myLearning()).queryByRole('alert')).toBeNull());
    expect(card(await cards(), 'Dementia')).toHaveTextContent('12 of 21 min');
  });
});

describe("/dashboard's My certificates", () => {
  beforeAll(() => import('@/features/certificates/components/MyCertificates'));

  beforeEach(() => {
    supabaseFake.reset();
    logError.mockReset();
    answerTrial({ active: activeTrial });
    answerLearning();
    answerOrganisations();
  });

  const myCertificates = () => screen.getByRole('region', { name: 'My certificates' });

  it("lists the learner's own certificates, newest first as read, with date, verified time and status", async () => {
    supabaseFake.answer('from:certificates', {
      data: [
        certificateRow({ id: 'c2', module: 'chronic-pain', verified_minutes: 50, ...reflected }),
        certificateRow({
          revoked_at: '2026-11-30T09:00:00Z',
          revoked_reason: 'Issued in error',
        }),
      ],
    });
    renderDashboard();
    const list = await within(myCertificates()).findByRole('list', { name: 'Your certificates' });
    const items = within(list).getAllByRole('listitem');
    expect(
      items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Chronic Pain', 'Dementia']);
    expect(items[0]).toHaveTextContent('Completed 28 Nov 2026');
    expect(items[0]).toHaveTextContent('50 minutes');
    expect(items[0]).toHaveTextContent('Valid');
    expect(items[1]).toHaveTextContent('1 hour 45 minutes');
    expect(items[1]).toHaveTextContent('Revoked');
    expect(
      within(myCertificates()).getByRole('link', { name: /View all certificates/ }),
    ).toHaveAttribute('href', '/certificates');

    const read = supabaseFake.lastCall('from:certificates');
    expect(stepsOf(read, 'eq')).toEqual([['user_id', 'u1']]);
    expect(stepsOf(read, 'order')[0]).toEqual(['issued_at', { ascending: false }]);
  });

  it('says how to earn one when the learner has none', async () => {
    supabaseFake.answer('from:certificates', { data: [] });
    renderDashboard();
    expect(
      await within(myCertificates()).findByText(/Complete a module to earn a CPD certificate/),
    ).toBeVisible();
    expect(within(myCertificates()).queryByRole('list')).toBeNull();
  });

  it('says when the certificates cannot be loaded, and tries again', async () => {
    supabaseFake.answer('from:certificates', { error: { message: 'unreachable' } });
    renderDashboard();
    const alert = await within(myCertificates()).findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your certificates.');

    supabaseFake.answer('from:certificates', { data: [certificateRow()] });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await within(myCertificates()).findByRole('heading', { name: 'Dementia', level: 3 }),
    ).toBeVisible();
  });
});

describe("/dashboard's Assigned to you", () => {
  beforeAll(() =>
    Promise.all([
      import('@/features/organisations/components/AssignedToYou'),
      import('@/features/organisations/components/InvitationNotice'),
    ]),
  );

  beforeEach(() => {
    supabaseFake.reset();
    logError.mockReset();
    answerTrial({ active: activeTrial });
    answerLearning();
    supabaseFake.answer('from:certificates', { data: [] });
    // London, 28 November 2026: only the clock is stood still, not the timers.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T12:00:00Z') });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const assigned = () => screen.queryByRole('region', { name: 'Assigned to you' });

  async function assignedItems(): Promise<Map<string, HTMLElement>> {
    const list = await screen.findByRole('list', { name: 'Your assigned modules' });
    return new Map(
      within(list)
        .getAllByRole('listitem')
        .map((item) => [within(item).getByRole('heading', { level: 3 }).textContent ?? '', item]),
    );
  }

  it('is not shown to a learner without assignments', async () => {
    answerOrganisations();
    renderDashboard();
    await cards();
    await waitFor(() => expect(supabaseFake.calls('rpc:my_assignments')).toHaveLength(1));
    expect(assigned()).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /invitation/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Your organisation/ })).not.toBeInTheDocument();
  });

  it('is not shown when the assignments cannot be read; the rest of the dashboard is', async () => {
    answerOrganisations({ assignments: { error: { message: 'unreachable' } } });
    renderDashboard();
    await cards();
    await waitFor(() =>
      expect(logError).toHaveBeenCalledWith('Error loading assigned modules:', {
        message: 'unreachable',
      }),
    );
    expect(assigned()).not.toBeInTheDocument();
  });

  it('lists each assigned module with its organisation, due date, overdue and completed dates, and its link', async () => {
    answerOrganisations({
      assignments: [
        assignmentRow({ module: 'chronic-pain', due_on: '2026-11-20', state: 'in_progress' }),
        assignmentRow({ module: 'dementia', due_on: '2026-12-12' }),
        assignmentRow({
          module: 'home-visits',
          due_on: '2026-11-01',
          organisation_name: 'North Trust',
          state: 'completed',
          completed_at: '2026-10-30T15:00:00Z',
        }),
        assignmentRow({ module: 'rural-minds', due_on: '2026-11-28' }),
      ],
    });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Assigned to you', level: 2 })).toBeVisible();
    const items = await assignedItems();
    expect([...items.keys()]).toEqual(['Chronic Pain', 'Dementia', 'Home Visits', 'Rural Minds']);

    const chronicPain = card(items, 'Chronic Pain');
    expect(chronicPain).toHaveTextContent('From Riverside Surgery');
    expect(chronicPain).toHaveTextContent('Due 20 November 2026');
    expect(chronicPain).toHaveTextContent('Overdue');
    expect(
      within(chronicPain).getByRole('link', { name: 'Continue: Chronic Pain' }),
    ).toHaveAttribute('href', '/unlock/chronic-pain');

    const dementia = card(items, 'Dementia');
    expect(dementia).toHaveTextContent('Due 12 December 2026');
    expect(dementia).not.toHaveTextContent('Overdue');
    expect(within(dementia).getByRole('link', { name: 'Start: Dementia' })).toHaveAttribute(
      'href',
      '/unlock/dementia',
    );

    const homeVisits = card(items, 'Home Visits');
    expect(homeVisits).toHaveTextContent('From North Trust');
    expect(homeVisits).toHaveTextContent('Completed 30 October 2026');
    expect(homeVisits).not.toHaveTextContent('Due');
    expect(homeVisits).not.toHaveTextContent('Overdue');
    expect(
      within(homeVisits).getByRole('link', { name: 'Watch again: Home Visits' }),
    ).toHaveAttribute('href', '/unlock/home-visits');

    // Due today is not overdue yet; Rural Minds has no unlock page.
    const ruralMinds = card(items, 'Rural Minds');
    expect(ruralMinds).toHaveTextContent('Due 28 November 2026');
    expect(ruralMinds).not.toHaveTextContent('Overdue');
    expect(within(ruralMinds).getByRole('link')).toHaveAttribute('href', '/modules/rural-minds');
  });

  it('links to /invitations when the learner has an invitation', async () => {
    answerOrganisations({
      invitations: [
        {
          id: 'i1',
          organisation_id: 'o1',
          organisation_name: 'Riverside Surgery',
          role: 'learner',
          expires_at: '2026-12-12T10:00:00Z',
        },
      ],
    });
    renderDashboard();
    expect(
      await screen.findByRole('link', { name: 'You have an invitation from Riverside Surgery' }),
    ).toHaveAttribute('href', '/invitations');
  });

  it('leads a manager to their organisation, and no one else', async () => {
    answerOrganisations({ managed: [{ id: 'o1', name: 'Riverside Surgery' }] });
    renderDashboard();
    expect(
      await screen.findByRole('link', { name: 'Your organisation: Riverside Surgery' }),
    ).toHaveAttribute('href', '/organisation');
  });
});
