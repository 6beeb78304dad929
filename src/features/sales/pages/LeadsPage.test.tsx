import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import type * as api from '../api';
import type { Page } from '@/lib/serverPages';
import type { Lead, LeadQuery, LeadUpdate } from '../api';
import LeadsPage from './LeadsPage';

const { fetchLeads, updateLead, toastSuccess, toastError } = vi.hoisted(() => ({
  fetchLeads: vi.fn<(query: LeadQuery, signal: AbortSignal) => Promise<Page<Lead>>>(),
  updateLead: vi.fn<(update: LeadUpdate) => Promise<Lead>>(),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));
vi.mock('../api', async (original) => ({
  ...(await original<typeof api>()),
  fetchLeads,
  updateLead,
}));
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

const pageOf = (rows: Lead[], total = rows.length): Page<Lead> => ({ rows, total });

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient({ queries: { retry: false } })}>
      <MemoryRouter>
        <LeadsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
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
    fetchLeads.mockReset();
    updateLead.mockReset();
    toastSuccess.mockReset();
    toastError.mockReset();
    screenWidth(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the heading, the way back, loading and then the empty state', async () => {
    fetchLeads.mockResolvedValue(pageOf([]));
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Leads');
    expect(screen.getByRole('link', { name: 'Back to the Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(screen.getByText('Loading...')).toBeVisible();
    expect(await screen.findByText('No leads yet')).toBeVisible();
    expect(screen.getByText('No results')).toBeVisible();
  });

  it('lists leads newest first in a table, with the date in UK form', async () => {
    fetchLeads.mockResolvedValue(
      pageOf(
        [lead(), lead({ id: 'l2', first_name: 'Sam', last_name: 'Roe', status: 'contacted' })],
        30,
      ),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Leads' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('13 Dec 2026, 09:05');
    expect(first).toHaveTextContent('Jane Doe');
    expect(first).toHaveTextContent('jane@example.org');
    expect(first).toHaveTextContent('New');
    expect(second).toHaveTextContent('Sam Roe');
    expect(second).toHaveTextContent('Contacted');
    expect(screen.getByText('Showing 1–25 of 30')).toBeVisible();
    expect(fetchLeads).toHaveBeenCalledWith(
      { page: 0, search: '', status: null },
      expect.any(AbortSignal),
    );
  });

  it('shows cards instead of a table below 640 px', async () => {
    screenWidth(false);
    fetchLeads.mockResolvedValue(pageOf([lead()]));
    renderPage();
    const list = await screen.findByRole('list', { name: 'Leads' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Jane Doe');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'View the lead from Jane Doe' })).toBeVisible();
  });

  it('searches and filters on the server, and offers to clear a search that matches nothing', async () => {
    const user = userEvent.setup();
    fetchLeads.mockResolvedValue(pageOf([lead()]));
    renderPage();
    await screen.findByText('Jane Doe');
    fetchLeads.mockResolvedValue(pageOf([]));
    await user.type(screen.getByLabelText('Search leads by name, e-mail or subject'), 'zed');
    expect(await screen.findByText('No matches for "zed"')).toBeVisible();
    expect(fetchLeads).toHaveBeenLastCalledWith(
      { page: 0, search: 'zed', status: null },
      expect.any(AbortSignal),
    );

    fetchLeads.mockResolvedValue(pageOf([lead()]));
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByLabelText('Search leads by name, e-mail or subject')).toHaveValue('');
    expect(screen.getByLabelText('Search leads by name, e-mail or subject')).toHaveFocus();
    expect(await screen.findByText('Jane Doe')).toBeVisible();

    fetchLeads.mockResolvedValue(pageOf([]));
    await user.selectOptions(screen.getByLabelText('Status'), 'Closed');
    expect(await screen.findByText('No leads with this status')).toBeVisible();
    expect(fetchLeads).toHaveBeenLastCalledWith(
      { page: 0, search: '', status: 'closed' },
      expect.any(AbortSignal),
    );
  });

  it('pages through the leads on the server', async () => {
    const user = userEvent.setup();
    fetchLeads.mockResolvedValue(pageOf([lead()], 30));
    renderPage();
    await screen.findByText('Jane Doe');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–30 of 30')).toBeVisible();
    expect(fetchLeads).toHaveBeenLastCalledWith(
      { page: 1, search: '', status: null },
      expect.any(AbortSignal),
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('opens a lead to read its message, and saves its status and note with a toast', async () => {
    const user = userEvent.setup();
    fetchLeads.mockResolvedValue(pageOf([lead()]));
    updateLead.mockResolvedValue(lead({ status: 'contacted', note: 'Called on Monday' }));
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
    fetchLeads.mockResolvedValue(pageOf([lead({ status: 'contacted', note: 'Called on Monday' })]));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updateLead).toHaveBeenCalledWith({
      leadId: 'l1',
      status: 'contacted',
      note: 'Called on Monday',
    });
    expect(toastSuccess).toHaveBeenCalledWith('Lead Updated', 'Jane Doe is now marked contacted.');
    const table = screen.getByRole('table', { name: 'Leads' });
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Contacted'),
    );
  });

  it("keeps the dialog open and toasts the server's refusal when saving fails", async () => {
    const user = userEvent.setup();
    fetchLeads.mockResolvedValue(pageOf([lead()]));
    updateLead.mockRejectedValue({ code: 'PT404', message: 'Lead not found' });
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
    fetchLeads.mockResolvedValue(pageOf([lead({ note: 'x'.repeat(2000) })]));
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
    expect(updateLead).not.toHaveBeenCalled();
  });

  it('says when the leads cannot be loaded, with a toast once', async () => {
    fetchLeads.mockRejectedValue(new Error('offline'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load leads.');
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('Error', 'Failed to load leads.');
  });
});
