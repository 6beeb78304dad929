import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, expectTextsIn, renderWithProviders } from '@/test/render';
import { stepsOf, supabaseFake, type FakeAnswer, type FakeCall } from '@/test/supabaseFake';
import type { AuditEntry, EmailDelivery, Funnel, LearningSummary, ModuleStarts } from '../api';
import ActivityPage from './ActivityPage';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: toastError } }));
vi.mock('@/lib/logger', () => ({ logger: { error: vi.fn(), warn: vi.fn() } }));

const funnels: Record<number, Funnel> = {
  30: {
    leads: 12,
    trial_requests: 8,
    approvals: 6,
    rejections: 1,
    trials_active_now: 20,
    expiries: 3,
    conversions: 2,
  },
  90: {
    leads: 40,
    trial_requests: 25,
    approvals: 19,
    rejections: 4,
    trials_active_now: 20,
    expiries: 11,
    conversions: 7,
  },
};

const starts: Record<number, ModuleStarts[]> = {
  30: [
    { module_name: 'dementia', starts: 9 },
    { module_name: 'group-diabetes', starts: 2 },
  ],
  90: [{ module_name: 'womens-health', starts: 30 }],
};

const learning: Record<number, LearningSummary[]> = {
  30: [
    { module: 'dementia', starts: 14, completions: 6, median_minutes: 12.5 },
    { module: 'rural-minds', starts: 3, completions: 0, median_minutes: 4 },
  ],
  90: [{ module: 'chronic-pain', starts: 40, completions: 22, median_minutes: 17 }],
};

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    actor_email: 'admin@example.com',
    action: 'update_lead',
    details: {
      email: 'jane@example.org',
      status: 'contacted',
      previous_status: 'new',
      note: 'Called on Monday',
    },
    // 1 Jul 2026, 14:30 in London (BST).
    at: '2026-07-01T13:30:00Z',
    ...overrides,
  };
}

function delivery(overrides: Partial<EmailDelivery> = {}): EmailDelivery {
  return {
    id: 'd0000000-0000-4000-8000-000000000001',
    kind: 'trial_reminder',
    attempts: 2,
    max_attempts: 5,
    // 2 Jul 2026, 09:15 in London (BST).
    last_attempt_at: '2026-07-02T08:15:00Z',
    last_error: "Couldn't connect to server",
    request_id: null,
    cancelled_at: null,
    profiles: { name: 'Sam Expiring', email: 'sam@example.org' },
    ...overrides,
  };
}

const renderPage = () => renderWithProviders(<ActivityPage />);

const daysOf = (call: FakeCall) => (call.args as { days: number }).days;

/** The server's audit log: `rows` of `total`, for the log and its search by admin e-mail. */
function auditAnswer(rows: AuditEntry[], total = rows.length) {
  supabaseFake.answer('from:admin_audit_log', { data: rows, count: total });
  supabaseFake.answer('rpc:admin_search_audit_log', { data: rows, count: total });
}

/** What the page last asked of the audit log: the admin's pattern, the action filter, the rows. */
function lastAuditRead() {
  const read = supabaseFake
    .calls()
    .findLast(({ target }) =>
      ['from:admin_audit_log', 'rpc:admin_search_audit_log'].includes(target),
    );
  if (!read) throw new Error('The audit log was not read');
  return {
    pattern: (read.args as { actor_pattern?: string } | undefined)?.actor_pattern ?? null,
    filters: stepsOf(read, 'eq'),
    range: stepsOf(read, 'range').at(-1),
  };
}

/** The rows the page last asked of the e-mails not delivered. */
const lastDeliveriesRange = () =>
  stepsOf(supabaseFake.lastCall('from:email_deliveries'), 'range').at(-1);

describe('/admin/activity', () => {
  beforeEach(() => {
    supabaseFake.reset();
    toastError.mockReset();
    supabaseFake.answer('rpc:admin_funnel', (call) => ({ data: funnels[daysOf(call)] }));
    supabaseFake.answer('rpc:admin_module_starts', (call) => ({
      data: starts[daysOf(call)] ?? [],
    }));
    supabaseFake.answer('rpc:admin_learning_summary', (call) => ({
      data: learning[daysOf(call)] ?? [],
    }));
    auditAnswer([entry()]);
    supabaseFake.answer('from:email_deliveries', { data: [], count: 0 });
  });

  it('shows the funnel of the last 30 days as numbers and as a labelled chart', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Activity');
    const funnel = screen.getByRole('region', { name: 'Funnel' });
    expect(await within(funnel).findByText('Trial requests', { selector: 'dt' })).toBeVisible();
    expect(within(funnel).getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const leads = within(funnel).getByText('Leads', { selector: 'dt' });
    expect(leads.nextElementSibling).toHaveTextContent('12');
    const chart = within(funnel).getByRole('img', { name: /^Funnel, last 30 days:/ });
    expect(chart).toHaveAccessibleName(
      'Funnel, last 30 days: Leads 12, Trial requests 8, Approvals 6, Rejections 1, Trials active now 20, Trials ended 3, Conversions 2.',
    );
    // The chart draws the proportions; the numbers are printed once, in the cards.
    expect(within(chart).getByText('Leads')).toBeInTheDocument();
    expect(within(chart).queryByText('12')).not.toBeInTheDocument();
  });

  it('names module starts by their titles, in a table and a chart', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Module starts, last 30 days' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Dementia9');
    expect(second).toHaveTextContent('Group Clinics: Diabetes2');
    expect(
      screen.getByRole('img', {
        name: 'Module starts, last 30 days: Dementia 9, Group Clinics: Diabetes 2.',
      }),
    ).toBeVisible();
  });

  it('switches to the last 90 days', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Trial requests', { selector: 'dt' });
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(
      await screen.findByRole('img', { name: /^Funnel, last 90 days: Leads 40,/ }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      await screen.findByRole('table', { name: 'Module starts, last 90 days' }),
    ).toHaveTextContent("Women's Health30");
    expect(supabaseFake.calls('rpc:admin_funnel').map(daysOf)).toContain(90);
  });

  it('says when no module was opened in the period', async () => {
    supabaseFake.answer('rpc:admin_module_starts', { data: [] });
    renderPage();
    expect(await screen.findByText('No modules unlocked in this period')).toBeVisible();
  });

  it('shows the learning per module: starts, completions and median minutes, for the period', async () => {
    const user = userEvent.setup();
    renderPage();
    const section = screen.getByRole('region', { name: 'Learning' });
    const table = await within(section).findByRole('table', {
      name: 'Learning by module, last 30 days',
    });
    const [header, dementia, ruralMinds] = within(table).getAllByRole('row');
    expect(header).toHaveTextContent('ModuleStartsCompletionsMedian minutes');
    expect(dementia).toContainElement(within(table).getByRole('rowheader', { name: 'Dementia' }));
    expect(dementia).toHaveTextContent('Dementia14612.5');
    expect(ruralMinds).toHaveTextContent('Rural Minds304');
    expect(supabaseFake.lastCall('rpc:admin_learning_summary').args).toEqual({ days: 30 });

    // The funnel's period is the page's.
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(
      await within(section).findByRole('table', { name: 'Learning by module, last 90 days' }),
    ).toHaveTextContent('Chronic Pain402217');
    expect(supabaseFake.lastCall('rpc:admin_learning_summary').args).toEqual({ days: 90 });
  });

  it('says when no training was watched in the period', async () => {
    supabaseFake.answer('rpc:admin_learning_summary', { data: [] });
    renderPage();
    const section = screen.getByRole('region', { name: 'Learning' });
    expect(await within(section).findByText('No training watched in this period')).toBeVisible();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('says while the learning summary loads, and when it cannot', async () => {
    const answer = deferred<FakeAnswer>();
    supabaseFake.answer('rpc:admin_learning_summary', () => answer.promise);
    renderPage();
    const section = screen.getByRole('region', { name: 'Learning' });
    expect(within(section).getByText('Loading...')).toBeVisible();
    answer.resolve({ error: new Error('offline') });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Failed to load the learning summary.',
    );
    expect(toastError).toHaveBeenCalledWith('Error', 'Failed to load activity.');
  });

  it('lists the audit log with UK times, the admin, the action and its details', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, row] = within(table).getAllByRole('row');
    expectTextsIn(row, [
      '1 Jul 2026, 14:30',
      'admin@example.com',
      'Updated a lead',
      'E-mailjane@example.org',
      'Wasnew',
      'Nowcontacted',
      'NoteCalled on Monday',
    ]);
    expect(lastAuditRead()).toEqual({ pattern: null, filters: [], range: [0, 24] });
  });

  it('filters the audit log by action and by admin e-mail, and clears the filters', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Audit log' });
    auditAnswer([]);
    await user.selectOptions(screen.getByLabelText('Action'), 'Approved a trial');
    await user.type(screen.getByLabelText('Admin e-mail'), 'ops@');
    expect(await screen.findByText('No actions match these filters')).toBeVisible();
    expect(lastAuditRead()).toEqual({
      pattern: '%ops@%',
      filters: [['action', 'approve_trial']],
      range: [0, 24],
    });
    auditAnswer([entry()]);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeVisible();
    expect(screen.getByLabelText('Admin e-mail')).toHaveValue('');
    expect(screen.getByLabelText('Action')).toHaveValue('');
  });

  it('says when nothing has been recorded yet', async () => {
    auditAnswer([]);
    renderPage();
    expect(await screen.findByText('No admin actions yet')).toBeVisible();
  });

  it('lists the e-mails not delivered: to whom, the attempts, the last error and what happens next', async () => {
    supabaseFake.answer('from:email_deliveries', {
      data: [
        delivery(),
        delivery({
          id: 'd0000000-0000-4000-8000-000000000002',
          attempts: 5,
          last_error: 'Sending e-mail failed with 422: invalid recipient',
          profiles: { name: 'Jo', email: 'jo@example.org' },
        }),
        delivery({ id: 'd0000000-0000-4000-8000-000000000003', request_id: 42 }),
        delivery({ id: 'd0000000-0000-4000-8000-000000000004', cancelled_at: '2026-07-03' }),
      ],
      count: 4,
    });
    renderPage();
    const section = screen.getByRole('region', { name: 'E-mail deliveries' });
    const table = await within(section).findByRole('table', { name: 'E-mails not delivered' });
    const [header, retrying, gaveUp, sending, cancelled] = within(table).getAllByRole('row');
    expect(header).toHaveTextContent('E-mailToAttemptsLast attemptLast errorStatus');
    expect(retrying).toHaveTextContent(
      "Trial remindersam@example.org2 of 52 Jul 2026, 09:15Couldn't connect to serverTried again at the next run",
    );
    expect(gaveUp).toHaveTextContent('jo@example.org5 of 5');
    expect(gaveUp).toHaveTextContent('Sending e-mail failed with 422: invalid recipientGave up');
    expect(sending).toHaveTextContent('Being sent again');
    expect(cancelled).toHaveTextContent('No longer needed');
    expect(within(section).queryByRole('navigation')).toBeNull();
    expect(lastDeliveriesRange()).toEqual([0, 24]);
  });

  it('pages through the e-mails not delivered when there are more than a page', async () => {
    const user = userEvent.setup();
    supabaseFake.answer('from:email_deliveries', { data: [delivery()], count: 26 });
    renderPage();
    const pages = await screen.findByRole('navigation', { name: 'E-mail delivery pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastDeliveriesRange()).toEqual([25, 49]));
  });

  it('says when no e-mail has failed', async () => {
    renderPage();
    const section = screen.getByRole('region', { name: 'E-mail deliveries' });
    expect(await within(section).findByText('No failed e-mails')).toBeVisible();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('says what could not be loaded, with one toast', async () => {
    supabaseFake.answer('rpc:admin_funnel', { error: new Error('offline') });
    supabaseFake.answer('from:admin_audit_log', { error: new Error('offline') });
    supabaseFake.answer('from:email_deliveries', { error: new Error('offline') });
    renderPage();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    expect(screen.getByText('Failed to load the funnel.')).toBeVisible();
    expect(screen.getByText('Failed to load the audit log.')).toBeVisible();
    expect(screen.getByText('Failed to load e-mail deliveries.')).toBeVisible();
    expect(toastError).toHaveBeenCalledWith('Error', 'Failed to load activity.');
  });
});
