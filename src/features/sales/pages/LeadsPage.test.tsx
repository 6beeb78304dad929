import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectTextsIn, renderWithProviders } from '@/test/render';
import { stepsOf, supabaseFake } from '@/test/supabaseFake';
import type { Lead } from '../api';
import LeadsPage from './LeadsPage';

const { toastSuccess, toastError } = vi.hoisted(() => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));
vi.mock('@/lib/logger', () => ({ logger: { error: vi.fn(), warn: vi.fn() } }));

function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 'l1',
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane@example.org',
    subject: 'Registering interest in Revolve 360 Training',
    message: 'Please tell me about the dementia module.\nWe are a team of twelve.',
    status: 'new',
    note: '',
    // 13 Dec 2026, 09:05 in London (GMT).
    created_at: '2026-12-13T09:05:00Z',
    updated_at: '2026-12-13T09:05:00Z',
    ...overrides,
  };
}

/** The server answers the list, and its search, with `rows` of `total` leads. */
function leadsAnswer(rows: Lead[], total = rows.length) {
  supabaseFake.answer('from:leads', { data: rows, count: total });
  supabaseFake.answer('rpc:admin_search_leads', { data: rows, count: total });
}

const renderPage = () => renderWithProviders(<LeadsPage />);

/** What the page last asked of the leads: the search's pattern, the status filter, the rows. */
function lastListRead() {
  const read = supabaseFake
    .calls()
    .findLast(({ target }) => ['from:leads', 'rpc:admin_search_leads'].includes(target));
  if (!read) throw new Error('The leads were not read');
  return {
    pattern: (read.args as { pattern?: string } | undefined)?.pattern ?? null,
    filters: stepsOf(read, 'eq'),
    range: stepsOf(read, 'range').at(-1),
  };
}

/** The screen as narrower than 640 px (cards), or wider (a table). */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));
}

describe('/admin/leads', () => {
  beforeEach(() => {
    supabaseFake.reset();
    toastSuccess.mockReset();
    toastError.mockReset();
    screenWidth(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the heading, the way back, loading and then the empty state', async () => {
    leadsAnswer([]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Leads');
    expect(screen.getByRole('link', { name: 'Back to the Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(screen.getByText('Loading...')).toBeVisible();
    expect(await screen.findByText('No leads yet')).toBeVisible();
    // Said once: the pager adds neither 'No results' nor buttons to an empty list.
    expect(screen.queryByText('No results')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('lists leads newest first in a table, with the date in UK form', async () => {
    leadsAnswer(
      [lead(), lead({ id: 'l2', first_name: 'Sam', last_name: 'Roe', status: 'contacted' })],
      30,
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Leads' });
    const [, first, second] = within(table).getAllByRole('row');
    expectTextsIn(first, ['13 Dec 2026, 09:05', 'Jane Doe', 'jane@example.org', 'New']);
    expectTextsIn(second, ['Sam Roe', 'Contacted']);
    expect(screen.getByText('Showing 1–25 of 30')).toBeVisible();
    expect(lastListRead()).toEqual({ pattern: null, filters: [], range: [0, 24] });
  });

  it('shows cards instead of a table below 640 px', async () => {
    screenWidth(false);
    leadsAnswer([lead()]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Leads' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Jane Doe');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'View the lead from Jane Doe' })).toBeVisible();
  });

  it('searches and filters on the server, and offers to clear a search that matches nothing', async () => {
    const user = userEvent.setup();
    leadsAnswer([lead()]);
    renderPage();
    await screen.findByText('Jane Doe');
    leadsAnswer([]);
    await user.type(screen.getByLabelText('Search leads by name, e-mail or subject'), 'zed');
    expect(await screen.findByText('No matches for "zed"')).toBeVisible();
    expect(lastListRead()).toEqual({ pattern: '%zed%', filters: [], range: [0, 24] });

    leadsAnswer([lead()]);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByLabelText('Search leads by name, e-mail or subject')).toHaveValue('');
    expect(screen.getByLabelText('Search leads by name, e-mail or subject')).toHaveFocus();
    expect(await screen.findByText('Jane Doe')).toBeVisible();

    leadsAnswer([]);
    await user.selectOptions(screen.getByLabelText('Status'), 'Closed');
    expect(await screen.findByText('No leads with this status')).toBeVisible();
    expect(lastListRead()).toEqual({
      pattern: null,
      filters: [['status', 'closed']],
      range: [0, 24],
    });
  });

  it('pages through the leads on the server', async () => {
    const user = userEvent.setup();
    leadsAnswer([lead()], 30);
    renderPage();
    await screen.findByText('Jane Doe');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–30 of 30')).toBeVisible();
    expect(lastListRead()).toEqual({ pattern: null, filters: [], range: [25, 49] });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('opens a lead to read its message, and saves its status and note with a toast', async () => {
    const user = userEvent.setup();
    leadsAnswer([lead()]);
    supabaseFake.answer('rpc:update_lead', {
      data: lead({ status: 'contacted', note: 'Called on Monday' }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View the lead from Jane Doe' }));
    const dialog = screen.getByRole('dialog', { name: 'Jane Doe' });
    expect(dialog).toHaveTextContent('Received 13 Dec 2026, 09:05');
    expect(dialog).toHaveTextContent('We are a team of twelve.');
    expect(within(dialog).getByRole('link', { name: 'jane@example.org' })).toHaveAttribute(
      'href',
      'mailto:jane@example.org',
    );
    expect(within(dialog).getByRole('radio', { name: 'New' })).toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: 'Contacted' }));
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Called on Monday');
    leadsAnswer([lead({ status: 'contacted', note: 'Called on Monday' })]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(supabaseFake.lastCall('rpc:update_lead').args).toEqual({
      lead_id: 'l1',
      new_status: 'contacted',
      new_note: 'Called on Monday',
    });
    expect(toastSuccess).toHaveBeenCalledWith('Lead Updated', 'Jane Doe is now marked contacted.');
    const table = screen.getByRole('table', { name: 'Leads' });
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Contacted'),
    );
  });

  it("keeps the dialog open and toasts the server's refusal when saving fails", async () => {
    const user = userEvent.setup();
    leadsAnswer([lead()]);
    supabaseFake.answer('rpc:update_lead', { error: { code: 'PT404', message: 'Lead not found' } });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View the lead from Jane Doe' }));
    const dialog = screen.getByRole('dialog', { name: 'Jane Doe' });
    await user.click(within(dialog).getByRole('radio', { name: 'Closed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Update Failed', 'Lead not found'));
    expect(screen.getByRole('dialog', { name: 'Jane Doe' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('refuses a note over 2000 characters without asking the server', async () => {
    const user = userEvent.setup();
    leadsAnswer([lead({ note: 'x'.repeat(2000) })]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View the lead from Jane Doe' }));
    const dialog = screen.getByRole('dialog', { name: 'Jane Doe' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'y');
    expect(within(dialog).getByText('Note must be at most 2000 characters')).toBeVisible();
    expect(within(dialog).getByLabelText('Note (optional)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(supabaseFake.calls('rpc:update_lead')).toEqual([]);
  });

  it('says when the leads cannot be loaded, with a toast once', async () => {
    supabaseFake.answer('from:leads', { error: new Error('offline') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load leads.');
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('Error', 'Failed to load leads.');
  });
});
