import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectTextsIn, renderWithProviders } from '@/test/render';
import { expectRefusedListReported } from '@/test/adminServer';
import { supabaseFake } from '@/test/supabaseFake';
import type { LrsClientRow } from '../api';
import IntegrationsPage from './IntegrationsPage';

const { toastSuccess, toastError, logError } = vi.hoisted(() => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  logError: vi.fn(),
}));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));
vi.mock('@/lib/logger', () => ({ logger: { error: logError, warn: vi.fn() } }));

const key = '0123456789abcdef0123456789abcdef';
const secret = 'f'.repeat(64);
// The unit tests read the development backend's address (vite.config.ts).
const endpoint = 'http://127.0.0.1:54321/functions/v1/xapi/';

function row(overrides: Partial<LrsClientRow> = {}): LrsClientRow {
  return {
    id: 'l1',
    name: 'Player host',
    key,
    scopes: ['statements/write', 'state'],
    created_at: '2026-11-20T23:30:00Z',
    created_by_email: 'admin@example.com',
    revoked_at: null,
    ...overrides,
  };
}

function listAnswers(rows: LrsClientRow[]) {
  supabaseFake.answer('rpc:admin_lrs_clients', { data: rows });
}

const renderPage = () => renderWithProviders(<IntegrationsPage />);

const listReads = () => supabaseFake.calls('rpc:admin_lrs_clients').length;

describe('/admin/integrations', () => {
  beforeEach(() => {
    supabaseFake.reset();
    toastSuccess.mockReset();
    toastError.mockReset();
    logError.mockReset();
  });

  it('shows the heading, the way back, the endpoint to copy, and the empty list', async () => {
    listAnswers([]);
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Integrations');
    expect(screen.getByRole('link', { name: 'Back to the Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'LRS endpoint' })).toBeVisible();
    expect(screen.getByText(endpoint)).toBeVisible();
    expect(screen.getByText('Loading...')).toBeVisible();
    expect(await screen.findByText('No LRS clients yet')).toBeVisible();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy endpoint' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeVisible();
    expect(screen.getByText('LRS endpoint copied to the clipboard.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(endpoint);
  });

  it('offers each xAPI scope, in order, described in plain words', async () => {
    listAnswers([]);
    renderPage();
    const scopes = screen.getByRole('group', { name: 'Scopes' });
    expect(scopes).toHaveAccessibleDescription('Tick what the client may do. Choose at least one.');
    const boxes = within(scopes).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('value'))).toEqual([
      'statements/write',
      'statements/read/mine',
      'statements/read',
      'state',
      'profile',
      'all/read',
      'all',
    ]);
    for (const [scope, help] of [
      ['statements/write', 'Send statements'],
      ['statements/read/mine', 'Read the statements it sent'],
      ['statements/read', 'Read all statements'],
      ['state', 'Read and write state documents'],
      ['profile', 'Read and write activity and agent profiles'],
      ['all/read', 'Read everything'],
      ['all', 'Everything'],
    ] as const) {
      const box = within(scopes).getByRole('checkbox', { name: scope });
      expect(box).toHaveAccessibleDescription(help);
    }
  });

  it('lists each client: name, key, scopes, status and creation in London', async () => {
    listAnswers([
      row({ id: 'l2', name: 'Moodle', key: 'a'.repeat(32), scopes: ['all/read'] }),
      row({ revoked_at: '2026-11-21T09:00:00Z', created_by_email: null }),
    ]);
    renderPage();
    await screen.findByText('Moodle');
    const table = screen.getByRole('table', { name: 'LRS clients' });
    const [header, first, second] = within(table).getAllByRole('row');
    expectTextsIn(header, ['Name', 'Key', 'Scopes', 'Status', 'Created', 'Actions']);
    expectTextsIn(first, ['Moodle', 'a'.repeat(32), 'all/read', 'Active', 'by admin@example.com']);
    expect(within(first as HTMLElement).getByRole('rowheader')).toHaveTextContent('Moodle');
    expect(
      within(first as HTMLElement).getByRole('button', {
        name: 'Revoke the LRS client Moodle with the key ending aaaa',
      }),
    ).toBeEnabled();

    // 23:30 UTC on 20 November is 20 November in London (GMT).
    expectTextsIn(second, [
      'Player host',
      key,
      'statements/write',
      'state',
      'Revoked',
      '20 Nov 2026',
    ]);
    expect(second).not.toHaveTextContent('by ');
    expect(within(second as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and logs it', () =>
    expectRefusedListReported({
      target: 'rpc:admin_lrs_clients',
      message: 'Admin access with two-factor sign-in required',
      render: renderPage,
      failed: 'Failed to load LRS clients.',
      logged: 'Error loading LRS clients:',
      toastError,
      logError,
    }));

  it('creates a client and shows its key and secret once, with the header they make, then lists it', async () => {
    listAnswers([]);
    supabaseFake.answer('rpc:create_lrs_client', ({ args }) => {
      const asked = args as { name: string; scopes: string[] };
      return {
        data: { secret, lrs_client: row({ id: 'l9', name: asked.name, scopes: asked.scopes }) },
      };
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No LRS clients yet');

    await user.type(screen.getByLabelText('Name'), '  Player host ');
    await user.click(screen.getByRole('checkbox', { name: 'state' }));
    await user.click(screen.getByRole('checkbox', { name: 'statements/write' }));
    listAnswers([row({ id: 'l9' })]);
    await user.click(screen.getByRole('button', { name: 'Create client' }));

    const dialog = await screen.findByRole('dialog', { name: 'LRS client created' });
    expect(supabaseFake.lastCall('rpc:create_lrs_client').args).toEqual({
      name: 'Player host',
      scopes: ['statements/write', 'state'],
    });
    expect(dialog).toHaveAccessibleDescription(
      /the key is the user name and the secret the password/,
    );
    expect(within(dialog).getByText(endpoint)).toBeVisible();
    expect(within(dialog).getByText(key)).toBeVisible();
    expect(within(dialog).getByText(secret)).toBeVisible();
    const header = `Basic ${btoa(`${key}:${secret}`)}`;
    expect(within(dialog).getByText(header)).toBeVisible();
    expect(within(dialog).getByText(/The secret will not be shown again\./)).toBeVisible();
    expect(toastSuccess).toHaveBeenCalledWith(
      'LRS Client Created',
      'Copy the secret now: it is shown once.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(await within(dialog).findByText('Secret copied to the clipboard.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(secret);
    // Only the copied value's button says so.
    expect(within(dialog).getAllByRole('button', { name: 'Copied' })).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Copy header' }));
    expect(await navigator.clipboard.readText()).toBe(header);
    await user.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(key);

    // The list was read again, and the form emptied for the next client.
    expect(listReads()).toBe(2);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    // Behind the modal dialog, so out of the accessibility tree until it closes.
    expect(screen.getByRole('checkbox', { name: 'state', hidden: true })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent('Player host');
    expect(screen.getByRole('table')).toHaveTextContent(key);
  });

  it('refuses a form without a name or a scope, without a call', async () => {
    listAnswers([]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No LRS clients yet');
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeVisible();
    expect(screen.getByText('Choose at least one scope')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription(
      'Tick what the client may do. Choose at least one. Choose at least one scope',
    );
    expect(supabaseFake.calls('rpc:create_lrs_client')).toEqual([]);

    // Each message clears as its field is corrected.
    await user.type(screen.getByLabelText('Name'), 'y');
    await user.click(screen.getByRole('checkbox', { name: 'all' }));
    expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument();
    expect(screen.queryByText('Choose at least one scope')).not.toBeInTheDocument();
  });

  it("a refusal: the server's message in the destructive toast, and every field kept", async () => {
    listAnswers([]);
    supabaseFake.answer('rpc:create_lrs_client', () => ({
      data: null,
      error: { code: '42501', message: 'Sign in with your authenticator app first' },
    }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No LRS clients yet');
    await user.type(screen.getByLabelText('Name'), 'Player host');
    await user.click(screen.getByRole('checkbox', { name: 'statements/read/mine' }));
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Creation Failed',
        'Sign in with your authenticator app first',
      ),
    );
    expect(logError).toHaveBeenCalledWith(
      'Error creating an LRS client:',
      expect.objectContaining({ message: 'Sign in with your authenticator app first' }),
    );
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Player host');
    expect(screen.getByRole('checkbox', { name: 'statements/read/mine' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Create client' })).toBeEnabled();
  });

  it('revokes a client after a confirmation, then reads the list again', async () => {
    listAnswers([row()]);
    supabaseFake.answer('rpc:revoke_lrs_client', () => ({
      data: [row({ revoked_at: '2026-11-22T09:00:00Z' })],
      error: null,
    }));
    const user = userEvent.setup();
    renderPage();
    await user.click(
      await screen.findByRole('button', {
        name: 'Revoke the LRS client Player host with the key ending cdef',
      }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Revoke this LRS client?' });
    expect(confirm).toHaveTextContent(
      'Player host (key ending cdef) can no longer reach the LRS, from now on. The statements it sent stay.',
    );
    expect(supabaseFake.calls('rpc:revoke_lrs_client')).toEqual([]);
    listAnswers([row({ revoked_at: '2026-11-22T09:00:00Z' })]);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Revoked')).toBeVisible();
    expect(supabaseFake.lastCall('rpc:revoke_lrs_client').args).toEqual({ client_id: 'l1' });
    expect(toastSuccess).toHaveBeenCalledWith(
      'LRS Client Revoked',
      'Player host can no longer reach the LRS.',
    );
    expect(screen.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  it('cancelling the confirmation revokes nothing', async () => {
    listAnswers([row()]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Revoke the LRS client/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(supabaseFake.calls('rpc:revoke_lrs_client')).toEqual([]);
    expect(screen.getByText('Active')).toBeVisible();
  });

  it("a failed revoke: the server's message in the destructive toast, and the client still listed", async () => {
    listAnswers([row()]);
    supabaseFake.answer('rpc:revoke_lrs_client', () => ({
      data: null,
      error: { code: 'PT409', message: 'This LRS client is already revoked' },
    }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Revoke the LRS client/ }));
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Revoke Failed',
        'This LRS client is already revoked',
      ),
    );
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('table')).toHaveTextContent('Player host');
  });
});
