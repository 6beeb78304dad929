import type { User } from '@supabase/supabase-js';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerOrganisation,
  cohortRow,
  invitationRow,
  inviteResult,
  memberRow,
  progressCell,
} from '@/test/organisationServer';
import { renderWithProviders } from '@/test/render';
import { stepsOf, supabaseFake } from '@/test/supabaseFake';
import { londonDate } from '../schemas';
import OrganisationPage from './OrganisationPage';

const { toastSuccess, toastError } = vi.hoisted(() => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));
vi.mock('@/lib/logger', () => ({ logger: { error: vi.fn(), warn: vi.fn() } }));

const user = { id: 'u-manager', email: 'manager@example.org' } as User;
const aal2 = { current: 'aal2', next: 'aal2' } as const;

const renderPage = (
  route = '/organisation',
  aal: { current: 'aal1' | 'aal2'; next: 'aal1' | 'aal2' } = aal2,
) => renderWithProviders(<OrganisationPage />, { route, auth: { user, aal } });

/** The table's body rows, in order. */
function bodyRows(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole('row').slice(1);
}

/** The people the page last sent to invite_organisation_members. */
function invited() {
  return supabaseFake.lastCall('rpc:invite_organisation_members').args;
}

async function openInviteDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Invite people' }));
  return screen.findByRole('dialog', { name: 'Invite people' });
}

describe('/organisation', () => {
  beforeEach(() => {
    supabaseFake.reset();
    toastSuccess.mockReset();
    toastError.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells someone who manages no organisation that the page is for managers', async () => {
    supabaseFake.answer('rpc:my_managed_organisations', { data: [] });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Your organisation' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'This page is for organisation managers' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(supabaseFake.calls('rpc:organisation_overview')).toHaveLength(0);
  });

  it('sends a manager without a second factor to set one up, then back here', async () => {
    answerOrganisation();
    renderPage('/organisation', { current: 'aal1', next: 'aal1' });
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in needed' })).toBeVisible();
    expect(screen.getByText(/Managing North Surgery/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set up an authenticator app' })).toHaveAttribute(
      'href',
      '/account/security?return_to=%2Forganisation',
    );
    // Nothing the manager functions would refuse at aal1 is asked.
    expect(supabaseFake.calls('rpc:organisation_members')).toHaveLength(0);
  });

  it("shows the organisation's overview and its members", async () => {
    answerOrganisation({
      members: [
        memberRow(),
        memberRow({
          id: 'm2',
          user_id: 'u-manager',
          name: 'Morgan Lee',
          email: 'manager@example.org',
          role: 'manager',
          cohort_id: 'c-nurses',
          cohort_name: 'Nurses',
          overdue: 1,
        }),
      ],
    });
    supabaseFake.answer('rpc:organisation_invitations', { data: [], count: 4 });
    renderPage();

    expect(await screen.findByText('3 of 20 used')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'North Surgery' })).toBeVisible();
    expect(screen.getByText('GP practice')).toBeVisible();
    expect(screen.getByText('1 Nov 2026 to 31 Oct 2027')).toBeVisible();
    expect(screen.getByText('Active')).toBeVisible();
    expect(await screen.findByText('4')).toBeVisible();

    const table = await screen.findByRole('table', { name: 'Members of your organisation' });
    const [sam = table, morgan = table] = bodyRows(table);
    expect(sam).toHaveTextContent('Sam Patel');
    expect(sam).toHaveTextContent('sam@example.org');
    expect(sam).toHaveTextContent('Learner');
    expect(sam).toHaveTextContent('2 Nov 2026');
    expect(sam).toHaveTextContent('1 of 2');
    expect(within(sam).getByRole('combobox', { name: 'Cohort of Sam Patel' })).toHaveValue('');
    expect(within(morgan).getByRole('combobox', { name: 'Cohort of Morgan Lee' })).toHaveValue(
      'c-nurses',
    );
    // A manager cannot remove themselves.
    expect(within(sam).getByRole('button', { name: 'Remove Sam Patel' })).toBeVisible();
    expect(within(morgan).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByText('Showing 1–2 of 2')).toBeVisible();

    const read = supabaseFake.lastCall('rpc:organisation_members');
    expect(read.args).toEqual({ organisation_id: 'org1' });
    expect(stepsOf(read, 'range').at(-1)).toEqual([0, 24]);
  });

  it('searches the members by name or e-mail and filters them by cohort on the server', async () => {
    answerOrganisation();
    renderPage();
    await screen.findByRole('table', { name: 'Members of your organisation' });

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search members by name or e-mail' }),
      'sam',
    );
    await waitFor(() =>
      expect(stepsOf(supabaseFake.lastCall('rpc:organisation_members'), 'or')).toEqual([
        ['name.ilike.%sam%,email.ilike.%sam%'],
      ]),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Cohort' }), 'Nurses');
    await waitFor(() =>
      expect(stepsOf(supabaseFake.lastCall('rpc:organisation_members'), 'eq')).toEqual([
        ['cohort_id', 'c-nurses'],
      ]),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Cohort' }), 'No cohort');
    await waitFor(() =>
      expect(stepsOf(supabaseFake.lastCall('rpc:organisation_members'), 'is')).toEqual([
        ['cohort_id', null],
      ]),
    );
  });

  it('removes a member after a confirmation saying their access ends and the seat is freed', async () => {
    answerOrganisation();
    supabaseFake.answer('rpc:remove_organisation_member', {});
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Sam Patel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Sam Patel?' });
    expect(dialog).toHaveTextContent('access to the training that came from North Surgery');
    expect(dialog).toHaveTextContent('their seat is freed');
    expect(supabaseFake.calls('rpc:remove_organisation_member')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() =>
      expect(supabaseFake.lastCall('rpc:remove_organisation_member').args).toEqual({
        member_id: 'm1',
      }),
    );
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Sam Patel was removed. Their seat is free.'),
    );
  });

  it('invites the addresses typed, with the cohort chosen, and shows each one’s result', async () => {
    answerOrganisation();
    supabaseFake.answer('rpc:invite_organisation_members', {
      data: [
        inviteResult({ row_number: 1, email: 'a@example.org', result: 'invited' }),
        inviteResult({ row_number: 2, email: 'b@example.org', result: 'already_member' }),
        inviteResult({ row_number: 3, email: 'a@example.org', result: 'duplicate' }),
      ],
    });
    renderPage();
    const dialog = await openInviteDialog();

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'E-mail addresses' }),
      'a@example.org, b@example.org{Enter}a@example.org',
    );
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Cohort (optional)' }),
      'Nurses',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));

    expect(await within(dialog).findByRole('heading', { name: 'Results' })).toHaveFocus();
    expect(invited()).toEqual({
      organisation_id: 'org1',
      people: [
        { email: 'a@example.org', cohort: 'Nurses' },
        { email: 'b@example.org', cohort: 'Nurses' },
        { email: 'a@example.org', cohort: 'Nurses' },
      ],
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 person invited out of 3.');
    const table = within(dialog).getByRole('table', { name: 'Invitation results' });
    expect(table).toHaveTextContent('Already a member');
    expect(table).toHaveTextContent('Listed twice');
  });

  it('keeps what was typed when the invitations fail, with the server’s reason', async () => {
    answerOrganisation();
    supabaseFake.answer('rpc:invite_organisation_members', {
      error: {
        code: '42501',
        message: 'Only a manager of this organisation, signed in with a second factor, can do this',
      },
    });
    renderPage();
    const dialog = await openInviteDialog();
    const addresses = within(dialog).getByRole('textbox', { name: 'E-mail addresses' });
    await userEvent.type(addresses, 'a@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only a manager of this organisation, signed in with a second factor, can do this',
    );
    expect(addresses).toHaveValue('a@example.org');
    // Closed and opened again, the list is still there.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const again = await openInviteDialog();
    expect(within(again).getByRole('textbox', { name: 'E-mail addresses' })).toHaveValue(
      'a@example.org',
    );
  });

  it('asks for an address before sending anything', async () => {
    answerOrganisation();
    renderPage();
    const dialog = await openInviteDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(await within(dialog).findByText('Enter at least one e-mail address')).toBeVisible();
    expect(supabaseFake.calls('rpc:invite_organisation_members')).toHaveLength(0);
  });

  it("sends a CSV file's people, and refuses one of more than 500 before sending", async () => {
    answerOrganisation();
    supabaseFake.answer('rpc:invite_organisation_members', {
      data: [inviteResult({ email: 'sam@example.org' })],
    });
    renderPage();
    const dialog = await openInviteDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Upload a CSV file' }));
    const file = within(dialog).getByLabelText('CSV file');

    const rows = Array.from({ length: 501 }, (_, index) => `p${index}@example.org`);
    await userEvent.upload(
      file,
      new File([['email', ...rows].join('\n')], 'staff.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByText(/The file has 501 people/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(supabaseFake.calls('rpc:invite_organisation_members')).toHaveLength(0);

    await userEvent.upload(
      file,
      new File(['\uFEFFemail,name,cohort\nsam@example.org,Sam Patel,Reception\n'], 'one.csv', {
        type: 'text/csv',
      }),
    );
    expect(await within(dialog).findByText('1 person read from one.csv.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    await within(dialog).findByRole('heading', { name: 'Results' });
    expect(invited()).toEqual({
      organisation_id: 'org1',
      people: [{ email: 'sam@example.org', name: 'Sam Patel', cohort: 'Reception' }],
    });
  });

  it('shows the completion matrix with its cells, blanks and overdue modules', async () => {
    answerOrganisation({
      members: [
        memberRow(),
        memberRow({ id: 'm2', name: 'Jo Smith', email: 'jo@example.org', overdue: 1 }),
      ],
      cells: [
        progressCell({
          member_id: 'm1',
          module: 'dementia',
          state: 'completed',
          percent: 100,
          completed_at: '2026-11-12T10:00:00Z',
          certificate_code: 'ABCDEFGHJKLM',
        }),
        progressCell({ member_id: 'm1', module: 'home-visits', state: 'in_progress', percent: 40 }),
        progressCell({ member_id: 'm2', module: 'dementia', due_on: '2026-11-01', overdue: true }),
      ],
    });
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Completion' }));

    const table = await screen.findByRole('table', { name: 'Completion by member and module' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Member',
      'Cohort',
      'Completed',
      'Overdue',
      'Home Visits',
      'Dementia',
    ]);
    const [sam = table, jo = table] = bodyRows(table);
    expect(sam).toHaveTextContent('In progress 40%');
    expect(sam).toHaveTextContent('Completed 12 Nov 2026');
    expect(
      within(sam).getByRole('link', { name: 'Certificate of Sam Patel for Dementia' }),
    ).toHaveAttribute('href', '/verify/ABCDEFGHJKLM');
    expect(jo).toHaveTextContent('Not assigned');
    expect(jo).toHaveTextContent('Not started');
    expect(within(jo).getByText('Overdue')).toBeVisible();
    expect(within(sam).queryByText('Overdue')).toBeNull();

    // Ordered on the server, most overdue first, then by name.
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Most overdue',
    );
    await waitFor(() =>
      expect(stepsOf(supabaseFake.lastCall('rpc:organisation_members'), 'order')).toEqual([
        ['overdue', { ascending: false, nullsFirst: false }],
        ['name'],
        ['email'],
        ['id'],
      ]),
    );
  });

  it('moves a member to another cohort, or out of any', async () => {
    answerOrganisation();
    supabaseFake.answer('rpc:set_member_cohort', {});
    renderPage();
    const select = await screen.findByRole('combobox', { name: 'Cohort of Sam Patel' });
    await userEvent.selectOptions(select, 'Nurses');
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Sam Patel is now in Nurses.'));
    expect(supabaseFake.lastCall('rpc:set_member_cohort').args).toEqual({
      member_id: 'm1',
      cohort_id: 'c-nurses',
    });
    await userEvent.selectOptions(select, 'No cohort');
    await waitFor(() =>
      // Without cohort_id: its default, null, is no cohort.
      expect(supabaseFake.lastCall('rpc:set_member_cohort').args).toEqual({ member_id: 'm1' }),
    );
  });

  it('creates, renames and deletes cohorts, keeping a refused name in its field', async () => {
    answerOrganisation({ cohorts: [cohortRow({ members: 3 })] });
    supabaseFake.answer('rpc:create_cohort', {
      error: { code: 'PT409', message: 'There is already a cohort with this name' },
    });
    supabaseFake.answer('rpc:rename_cohort', { data: cohortRow({ name: 'Practice nurses' }) });
    supabaseFake.answer('rpc:delete_cohort', {});
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Cohorts' }));

    const table = await screen.findByRole('table', { name: 'Cohorts and their members' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Nurses3');

    const name = screen.getByRole('textbox', { name: 'Cohort name' });
    await userEvent.type(name, 'nurses');
    await userEvent.click(screen.getByRole('button', { name: 'Create cohort' }));
    expect(await screen.findByText('There is already a cohort with this name')).toBeVisible();
    expect(name).toHaveValue('nurses');
    expect(supabaseFake.lastCall('rpc:create_cohort').args).toEqual({
      organisation_id: 'org1',
      name: 'nurses',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Rename Nurses' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename Nurses' });
    const newName = within(rename).getByRole('textbox', { name: 'Cohort name' });
    await userEvent.clear(newName);
    await userEvent.type(newName, 'Practice nurses');
    await userEvent.click(within(rename).getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('The cohort is now called Practice nurses.'),
    );
    expect(supabaseFake.lastCall('rpc:rename_cohort').args).toEqual({
      cohort_id: 'c-nurses',
      name: 'Practice nurses',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Nurses' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Nurses?' });
    expect(confirm).toHaveTextContent('Its members stay in your organisation without a cohort');
    expect(confirm).toHaveTextContent('assigned to this cohort is withdrawn');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete cohort' }));
    await waitFor(() =>
      expect(supabaseFake.lastCall('rpc:delete_cohort').args).toEqual({ cohort_id: 'c-nurses' }),
    );
  });

  it('assigns a module to a cohort with a due date, never in the past', async () => {
    answerOrganisation();
    supabaseFake.answer('rpc:assign_module', ({ args }) => ({
      data: {
        id: 'a1',
        cohort_id: 'c-nurses',
        cohort_name: 'Nurses',
        module: 'dementia',
        module_title: 'Dementia',
        due_on: (args as { due_on: string }).due_on,
        created_at: '2026-11-28T10:00:00Z',
      },
    }));
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Assignments' }));
    expect(await screen.findByText('Nothing assigned yet.')).toBeVisible();

    const module = screen.getByRole('combobox', { name: 'Module' });
    // The nine modules an organisation can unlock; Rural Minds is free to all.
    expect(within(module).getAllByRole('option')).toHaveLength(10);
    expect(within(module).queryByRole('option', { name: 'Rural Minds' })).toBeNull();
    await userEvent.selectOptions(module, 'Dementia');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Assign to' }), 'Nurses');
    const due = screen.getByLabelText('Due date');
    expect(due).toHaveAttribute('min', londonDate());

    fireEvent.change(due, { target: { value: '2020-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('The due date cannot be in the past')).toBeVisible();
    expect(supabaseFake.calls('rpc:assign_module')).toHaveLength(0);

    fireEvent.change(due, { target: { value: '2099-01-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Dementia assigned to Nurses, due 31 Jan 2099.'),
    );
    expect(supabaseFake.lastCall('rpc:assign_module').args).toEqual({
      organisation_id: 'org1',
      module: 'dementia',
      due_on: '2099-01-31',
      cohort_id: 'c-nurses',
    });
  });

  it('lists open invitations with their e-mail, and resends or withdraws one', async () => {
    answerOrganisation({
      invitations: [
        invitationRow(),
        invitationRow({
          id: 'i2',
          email: 'old@example.org',
          status: 'expired',
          delivery: 'failed',
        }),
      ],
    });
    supabaseFake.answer('rpc:resend_invitation', { data: [] });
    supabaseFake.answer('rpc:withdraw_invitation', {});
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Invitations' }));

    const table = await screen.findByRole('table', { name: 'Open and expired invitations' });
    const [fresh, old] = bodyRows(table);
    expect(fresh).toHaveTextContent('Pending');
    expect(old).toHaveTextContent('Expired');
    expect(old).toHaveTextContent('Failed');

    await userEvent.click(
      screen.getByRole('button', { name: 'Resend the invitation to old@example.org' }),
    );
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith(
        'The invitation to old@example.org was sent again.',
      ),
    );
    expect(supabaseFake.lastCall('rpc:resend_invitation').args).toEqual({ invitation_id: 'i2' });

    await userEvent.click(
      screen.getByRole('button', { name: 'Withdraw the invitation to new@example.org' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw this invitation?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Withdraw invitation' }));
    await waitFor(() =>
      expect(supabaseFake.lastCall('rpc:withdraw_invitation').args).toEqual({
        invitation_id: 'i1',
      }),
    );
  });

  it('shows the members and the matrix as cards on a phone, each value labelled', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    answerOrganisation({ cells: [progressCell({ overdue: true })] });
    renderPage();
    const members = await screen.findByRole('list', { name: 'Members of your organisation' });
    expect(within(members).getByText('Sam Patel')).toBeVisible();
    expect(within(members).getByRole('button', { name: 'Remove Sam Patel' })).toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'Completion' }));
    const matrix = await screen.findByRole('list', { name: 'Completion by member and module' });
    const card = within(matrix).getByRole('listitem');
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Cohort', 'Completed', 'Overdue', 'Dementia']);
    expect(card).toHaveTextContent('DementiaNot startedOverdueDue 31 Dec 2026');
  });

  it('shows one organisation at a time, chosen with the switcher', async () => {
    answerOrganisation();
    supabaseFake.answer('rpc:my_managed_organisations', {
      data: [
        { id: 'org1', name: 'North Surgery' },
        { id: 'org2', name: 'South PCN' },
      ],
    });
    renderPage('/organisation?org=org2');
    const switcher = await screen.findByRole('combobox', { name: 'Organisation' });
    expect(switcher).toHaveValue('org2');
    await waitFor(() =>
      expect(supabaseFake.lastCall('rpc:organisation_overview').args).toEqual({
        organisation_id: 'org2',
      }),
    );
    await userEvent.selectOptions(switcher, 'North Surgery');
    await waitFor(() =>
      expect(supabaseFake.lastCall('rpc:organisation_overview').args).toEqual({
        organisation_id: 'org1',
      }),
    );
  });
});
