import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerAdminLists, serverReads } from '@/test/adminServer';
import { renderWithProviders } from '@/test/render';
import { stepsOf, supabaseFake } from '@/test/supabaseFake';
import AdminPage from './AdminPage';

const { toastSuccess, toastError } = vi.hoisted(() => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));
vi.mock('@/lib/logger', () => ({ logger: { error: vi.fn(), warn: vi.fn() } }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

const pendingRow = {
  id: 'p1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.org',
  submitted_at: '2026-11-23T09:05:00Z',
};

const rows = (data: unknown[]) => ({ data, count: data.length });

/** Every list holds one pending request, which a search finds only by "ada". */
function serveOnePendingRequest() {
  answerAdminLists(rows([]));
  supabaseFake.answer('from:pending_trials', (call) => {
    const searched = /ilike\.%([^%]*)%/.exec(String(stepsOf(call, 'or')[0]?.[0]))?.[1];
    return rows(searched && searched !== 'ada' ? [] : [pendingRow]);
  });
}

let client: QueryClient;

function renderPage() {
  const rendered = renderWithProviders(<AdminPage />);
  client = rendered.queryClient;
  return rendered;
}

describe('/admin', () => {
  beforeEach(() => {
    supabaseFake.reset();
    toastSuccess.mockReset();
    toastError.mockReset();
  });
  afterEach(() => {
    client.clear();
  });

  it("toasts 'Failed to load admin data.' once when the counts and the list both fail", async () => {
    answerAdminLists({ error: { message: 'internal error' } });
    renderPage();
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Failed to load admin data.')).toBeVisible();
    // The six counts and the open list have all answered, and failed.
    await waitFor(() => expect(serverReads()).toBe(7));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    expect(toastError).toHaveBeenCalledExactlyOnceWith('Error', 'Failed to load admin data.');
  });

  it('says when a search matches nothing, and clears the search to show the list again', async () => {
    const user = userEvent.setup();
    serveOnePendingRequest();
    renderPage();
    const panel = screen.getByRole('tabpanel');
    const table = await within(panel).findByRole('table', { name: 'Pending trial requests' });
    expect(await within(table).findByRole('rowheader', { name: 'Ada Lovelace' })).toBeVisible();

    const search = within(panel).getByRole('searchbox');
    await user.type(search, 'zed');
    expect(await within(panel).findByText('No matches for "zed"')).toBeVisible();
    expect(within(panel).queryByText('No pending trial requests')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(await within(table).findByRole('rowheader', { name: 'Ada Lovelace' })).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('keeps the empty-list text for a list that is empty without a search', async () => {
    answerAdminLists(rows([]));
    renderPage();
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('No pending trial requests')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('shows each row as a card with its actions below 640 px', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    serveOnePendingRequest();
    renderPage();
    const panel = screen.getByRole('tabpanel');
    const cards = await within(panel).findByRole('list', { name: 'Pending trial requests' });
    const card = await within(cards).findByRole('listitem');
    expect(card).toHaveTextContent('Ada Lovelace');
    expect(within(card).getByText('ada@example.org', { selector: 'dd' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Approve ada@example.org' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Reject ada@example.org' })).toBeVisible();
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
