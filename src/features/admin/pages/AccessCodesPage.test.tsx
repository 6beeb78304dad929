import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectTextsIn, renderWithProviders } from '@/test/render';
import { expectRefusedListReported } from '@/test/adminServer';
import { supabaseFake } from '@/test/supabaseFake';
import type { AccessCodeRow, OrganisationChoice } from '../api';
import AccessCodesPage from './AccessCodesPage';

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

function row(overrides: Partial<AccessCodeRow> = {}): AccessCodeRow {
  return {
    id: 'c1',
    organisation_id: 'o1',
    organisation: 'North Clinic',
    code_hint: 'WXYZ',
    expires_at: null,
    seat_limit: null,
    seats_used: 0,
    module_slugs: null,
    created_at: '2026-11-20T10:00:00Z',
    created_by_email: 'admin@example.com',
    revoked_at: null,
    status: 'active',
    ...overrides,
  };
}

function listAnswers(rows: AccessCodeRow[]) {
  supabaseFake.answer('rpc:admin_access_codes', { data: rows });
}

const organisations: OrganisationChoice[] = [
  { id: 'o3', name: 'East Hospital', status: 'active' },
  { id: 'o1', name: 'North Clinic', status: 'active' },
  { id: 'o4', name: 'Old Surgery', status: 'ended' },
  { id: 'o2', name: 'West', status: 'upcoming' },
];

function organisationAnswers(choices: OrganisationChoice[] = organisations) {
  supabaseFake.answer('rpc:admin_organisations', { data: choices });
}

const organisationField = () => screen.getByRole('combobox', { name: 'Organisation' });

const renderPage = () => renderWithProviders(<AccessCodesPage />);

const listReads = () => supabaseFake.calls('rpc:admin_access_codes').length;

describe('/admin/access-codes', () => {
  beforeEach(() => {
    supabaseFake.reset();
    organisationAnswers();
    toastSuccess.mockReset();
    toastError.mockReset();
    logError.mockReset();
  });

  it('shows the heading, the way back, and the empty list', async () => {
    listAnswers([]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Access Codes');
    expect(screen.getByRole('link', { name: 'Back to the Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(screen.getByText('Loading...')).toBeVisible();
    expect(await screen.findByText('No access codes yet')).toBeVisible();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('lists each code: organisation, hint, modules, seats, last day, status and creation', async () => {
    listAnswers([
      row({
        id: 'c2',
        organisation: 'South Practice',
        code_hint: 'K7M9',
        module_slugs: ['dementia', 'group-diabetes'],
        seat_limit: 10,
        seats_used: 3,
        // Midnight in London ends the last day: the code works through 31 March.
        expires_at: '2099-03-31T23:00:00Z',
      }),
      row({ status: 'revoked', revoked_at: '2026-11-21T09:00:00Z', seats_used: 4 }),
    ]);
    renderPage();
    await screen.findByText('South Practice');
    const table = screen.getByRole('table', { name: 'Access codes' });
    const [, first, second] = within(table).getAllByRole('row');
    expectTextsIn(first, [
      'South Practice',
      'Dementia, Group Clinics: Diabetes',
      '3 / 10',
      '31 Mar 2099',
      'Active',
      '20 Nov 2026',
      'by admin@example.com',
    ]);
    expect(within(first as HTMLElement).getByText('\u2026K7M9')).toBeVisible();
    expect(
      within(first as HTMLElement).getByRole('button', {
        name: 'Revoke the code for South Practice ending K7M9',
      }),
    ).toBeEnabled();

    expectTextsIn(second, ['North Clinic', 'All modules', '4 / no limit', 'No expiry', 'Revoked']);
    expect(within(second as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and logs it', () =>
    expectRefusedListReported({
      target: 'rpc:admin_access_codes',
      message: 'Admin access required',
      render: renderPage,
      failed: 'Failed to load access codes.',
      logged: 'Error loading access codes:',
      toastError,
      logError,
    }));

  it('creates a code and shows it once, with a copy button, then lists it', async () => {
    listAnswers([]);
    supabaseFake.answer('rpc:create_access_code', ({ args }) => {
      const asked = args as {
        organisation_id: string;
        seat_limit?: number;
        module_slugs?: string[];
      };
      return {
        data: {
          code: 'ABCD-EFGH-JKMN',
          access_code: row({
            id: 'c9',
            organisation_id: asked.organisation_id,
            organisation: 'East Hospital',
            code_hint: 'JKMN',
            seat_limit: asked.seat_limit ?? null,
            module_slugs: asked.module_slugs ?? null,
          }),
        },
      };
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No access codes yet');

    // The organisations by name, as the server ordered them; one whose term ended says so.
    expect(
      within(organisationField())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select an organisation',
      'East Hospital',
      'North Clinic',
      'Old Surgery (term ended)',
      'West',
    ]);
    expect(supabaseFake.lastCall('rpc:admin_organisations').steps).toEqual(
      expect.arrayContaining([
        { method: 'select', args: ['id, name, status'] },
        { method: 'order', args: ['name'] },
      ]),
    );
    await user.selectOptions(organisationField(), 'East Hospital');
    await user.type(screen.getByLabelText('Seat limit (optional)'), '25');
    const modules = screen.getByRole('group', { name: 'Modules (optional)' });
    expect(within(modules).getAllByRole('checkbox')).toHaveLength(9);
    await user.click(within(modules).getByRole('checkbox', { name: 'Home Visits' }));
    await user.click(within(modules).getByRole('checkbox', { name: 'Chronic Pain' }));
    listAnswers([row({ id: 'c9', organisation: 'East Hospital', code_hint: 'JKMN' })]);
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    const dialog = await screen.findByRole('dialog', { name: 'Access code created' });
    expect(supabaseFake.lastCall('rpc:create_access_code').args).toEqual({
      organisation_id: 'o3',
      expires_at: undefined,
      seat_limit: 25,
      module_slugs: ['home-visits', 'chronic-pain'],
    });
    expect(within(dialog).getByText('ABCD-EFGH-JKMN')).toBeVisible();
    expect(within(dialog).getByText(/This code will not be shown again\./)).toBeVisible();
    expect(toastSuccess).toHaveBeenCalledWith(
      'Access Code Created',
      'Copy the code now: it is shown once.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeVisible();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Access code copied to the clipboard.',
    );
    expect(await navigator.clipboard.readText()).toBe('ABCD-EFGH-JKMN');

    // The list was read again, and the form emptied for the next code.
    expect(listReads()).toBe(2);
    // (Behind the open dialog, hidden from the accessibility tree.)
    expect(screen.getByLabelText('Organisation')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('ABCD-EFGH-JKMN')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent('East Hospital');
  });

  it('sends no subset when no module is ticked, and refuses an invalid form without a call', async () => {
    listAnswers([]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No access codes yet');
    await user.type(screen.getByLabelText('Seat limit (optional)'), '0');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Choose an organisation')).toBeVisible();
    expect(screen.getByText('Seat limit must be a whole number from 1 to 100000')).toBeVisible();
    expect(organisationField()).toHaveFocus();
    expect(organisationField()).toHaveAccessibleDescription('Choose an organisation');
    expect(supabaseFake.calls('rpc:create_access_code')).toEqual([]);

    supabaseFake.answer('rpc:create_access_code', () => ({
      data: {
        code: 'PQRS-TUVW-XYZ2',
        access_code: row({ id: 'c3', organisation_id: 'o2', organisation: 'West' }),
      },
      error: null,
    }));
    await user.selectOptions(organisationField(), 'West');
    await user.clear(screen.getByLabelText('Seat limit (optional)'));
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    await screen.findByRole('dialog', { name: 'Access code created' });
    expect(supabaseFake.lastCall('rpc:create_access_code').args).toEqual({
      organisation_id: 'o2',
      expires_at: undefined,
      seat_limit: undefined,
      module_slugs: undefined,
    });
  });

  it("a refusal: the server's message in the destructive toast, and every field kept", async () => {
    listAnswers([]);
    supabaseFake.answer('rpc:create_access_code', () => ({
      data: null,
      error: { code: '22023', message: 'Expiry must be in the future' },
    }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No access codes yet');
    await user.selectOptions(await screen.findByRole('combobox'), 'East Hospital');
    await user.click(screen.getByRole('checkbox', { name: 'Dementia' }));
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Creation Failed', 'Expiry must be in the future'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(organisationField()).toHaveValue('o3');
    expect(screen.getByRole('checkbox', { name: 'Dementia' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Create code' })).toBeEnabled();
  });

  it('with no organisation yet, says to create one first and links to the organisations', async () => {
    listAnswers([]);
    organisationAnswers([]);
    renderPage();
    const link = await screen.findByRole('link', { name: 'Create an organisation first' });
    expect(link).toHaveAttribute('href', '/admin/organisations');
    expect(organisationField()).toHaveAccessibleDescription(
      'There are no organisations yet. Create an organisation first',
    );
  });

  it('says when the organisations cannot be loaded', async () => {
    listAnswers([]);
    supabaseFake.answer('rpc:admin_organisations', {
      data: null,
      error: { code: '42501', message: 'Admin access required' },
    });
    renderPage();
    await waitFor(() =>
      expect(organisationField()).toHaveAccessibleDescription(
        'Failed to load the organisations. Reload the page to try again.',
      ),
    );
  });

  it('revokes a code after a confirmation, then reads the list again', async () => {
    listAnswers([row()]);
    supabaseFake.answer('rpc:revoke_access_code', () => ({
      data: [row({ status: 'revoked', revoked_at: '2026-11-22T09:00:00Z' })],
      error: null,
    }));
    const user = userEvent.setup();
    renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Revoke the code for North Clinic ending WXYZ' }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Revoke this access code?' });
    expect(confirm).toHaveTextContent(
      'The code for North Clinic ending WXYZ stops working at once. Modules already unlocked with it stay unlocked.',
    );
    expect(supabaseFake.calls('rpc:revoke_access_code')).toEqual([]);
    listAnswers([row({ status: 'revoked', revoked_at: '2026-11-24T09:00:00Z' })]);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Revoked')).toBeVisible();
    expect(supabaseFake.lastCall('rpc:revoke_access_code').args).toEqual({ code_id: 'c1' });
    expect(toastSuccess).toHaveBeenCalledWith(
      'Access Code Revoked',
      'The code for North Clinic no longer works.',
    );
    expect(screen.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  it('cancelling the confirmation revokes nothing', async () => {
    listAnswers([row()]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Revoke the code/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(supabaseFake.calls('rpc:revoke_access_code')).toEqual([]);
    expect(screen.getByText('Active')).toBeVisible();
  });

  it("a failed revoke: the server's message in the destructive toast", async () => {
    listAnswers([row()]);
    supabaseFake.answer('rpc:revoke_access_code', () => ({
      data: null,
      error: { code: 'PT409', message: 'This access code is already revoked' },
    }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Revoke the code/ }));
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Revoke Failed',
        'This access code is already revoked',
      ),
    );
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
