import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectRefusedListReported } from '@/test/adminServer';
import { expectTextsIn, renderWithProviders } from '@/test/render';
import { stepsOf, supabaseFake } from '@/test/supabaseFake';
import type { AdminOrganisation } from '../adminApi';
import AdminOrganisationsPage from './AdminOrganisationsPage';

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

function organisation(overrides: Partial<AdminOrganisation> = {}): AdminOrganisation {
  return {
    id: 'o1',
    name: 'Riverside Care Trust',
    kind: 'trust',
    seats: 50,
    seats_used: 3,
    term_starts_on: '2026-11-08',
    term_ends_on: '2027-11-08',
    created_at: '2026-11-08T10:00:00Z',
    status: 'active',
    manager_emails: ['taylor@example.com'],
    invited_manager_emails: [],
    ...overrides,
  };
}

const riverside = organisation();
const hillside = organisation({
  id: 'o2',
  name: 'Hillside Surgery',
  kind: 'gp_practice',
  seats: 1200,
  seats_used: 0,
  term_starts_on: '2027-01-01',
  term_ends_on: '2027-12-31',
  status: 'upcoming',
  manager_emails: [],
  invited_manager_emails: ['sam@example.com', 'ali@example.com'],
});
const northgate = organisation({
  id: 'o3',
  name: 'Northgate Clinic',
  kind: 'pcn',
  seats: 10,
  seats_used: 0,
  term_starts_on: '2025-01-01',
  term_ends_on: '2025-12-31',
  status: 'ended',
  manager_emails: null,
  invited_manager_emails: null,
});

function listAnswer(rows: AdminOrganisation[], total = rows.length) {
  supabaseFake.answer('rpc:admin_organisations', { data: rows, count: total });
}

const listReads = () => supabaseFake.calls('rpc:admin_organisations').length;

const renderPage = () => renderWithProviders(<AdminOrganisationsPage />);

/** The table's rows, once loaded, without the header row. */
async function rows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name: 'Organisations' });
  return within(table).getAllByRole('row').slice(1);
}

/** Sets a date field (user-event does not type into date inputs). */
function setDate(field: HTMLElement, day: string) {
  fireEvent.change(field, { target: { value: day } });
}

async function openNewOrganisation(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'New organisation' }));
  return screen.getByRole('dialog', { name: 'New organisation' });
}

/** Fills the New organisation form with a valid organisation and manager. */
async function fillNewOrganisation(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const form = within(dialog);
  await user.type(form.getByLabelText('Name'), '  Coastal PCN ');
  await user.selectOptions(form.getByRole('combobox', { name: 'Kind' }), 'PCN');
  await user.type(form.getByLabelText('Seats'), '40');
  setDate(form.getByLabelText('First day'), '2027-01-01');
  setDate(form.getByLabelText('Last day'), '2027-12-31');
  await user.type(form.getByLabelText('E-mail address'), 'Jo@Coastal.example');
  await user.type(form.getByLabelText('Name (optional)'), 'Jo Lee');
}

const coastal = organisation({
  id: 'o9',
  name: 'Coastal PCN',
  kind: 'pcn',
  seats: 40,
  seats_used: 0,
  term_starts_on: '2027-01-01',
  term_ends_on: '2027-12-31',
  status: 'upcoming',
  manager_emails: [],
  invited_manager_emails: [],
});

function invitationAnswer(result: string) {
  supabaseFake.answer('rpc:invite_organisation_members', ({ args }) => {
    const { people } = args as { people: { email: string }[] };
    // One person, one row (read with .single()).
    return {
      data: {
        row_number: 1,
        email: people[0]?.email.toLowerCase(),
        result,
        invitation_id: result === 'invited' ? 'i1' : null,
      },
    };
  });
}

describe('/admin/organisations', () => {
  beforeEach(() => {
    supabaseFake.reset();
    toastSuccess.mockReset();
    toastError.mockReset();
    logError.mockReset();
    listAnswer([riverside, hillside, northgate]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the organisations newest first: kind, seats, term, state and managers', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Organisations');
    expect(screen.getByRole('link', { name: 'Back to the Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    const [first, second, third] = await rows();
    expectTextsIn(first, [
      'Riverside Care Trust',
      'Trust',
      '3 of 50',
      '8 Nov 2026 to 8 Nov 2027',
      'Active',
      'taylor@example.com',
    ]);
    expectTextsIn(second, [
      'Hillside Surgery',
      'GP practice',
      '0 of 1,200',
      '1 Jan 2027 to 31 Dec 2027',
      'Upcoming',
      'Invited: sam@example.com, ali@example.com',
    ]);
    expectTextsIn(third, ['Northgate Clinic', 'PCN', 'Ended', 'No manager yet']);
    expect(
      within(first as HTMLElement).getByRole('rowheader', { name: 'Riverside Care Trust' }),
    ).toBeVisible();
    expect(
      within(first as HTMLElement).getByRole('button', { name: 'Edit Riverside Care Trust' }),
    ).toBeEnabled();
    expect(
      within(first as HTMLElement).getByRole('button', {
        name: 'Invite manager to Riverside Care Trust',
      }),
    ).toBeEnabled();

    // One page, newest first, with its count, read from admin_organisations.
    const read = supabaseFake.lastCall('rpc:admin_organisations');
    expect(stepsOf(read, 'options')).toEqual([[{ count: 'exact' }]]);
    expect(stepsOf(read, 'order')).toEqual([
      ['created_at', { ascending: false }],
      ['id', { ascending: false }],
    ]);
    expect(stepsOf(read, 'range')).toEqual([[0, 24]]);
    expect(stepsOf(read, 'ilike')).toEqual([]);
    expect(screen.getByText('Showing 1–3 of 3')).toBeVisible();
  });

  it('searches by name on the server, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderPage();
    await rows();
    listAnswer([]);
    await user.type(screen.getByRole('searchbox', { name: 'Search organisations by name' }), 'zz');
    expect(await screen.findByText('No organisations match "zz"')).toBeVisible();
    expect(stepsOf(supabaseFake.lastCall('rpc:admin_organisations'), 'ilike')).toEqual([
      ['name', '%zz%'],
    ]);
    listAnswer([riverside]);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Riverside Care Trust')).toBeVisible();
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });

  it('says when there is no organisation yet', async () => {
    listAnswer([]);
    renderPage();
    expect(screen.getByText('Loading...')).toBeVisible();
    expect(await screen.findByText('No organisations yet. Create the first one.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and logs it', () =>
    expectRefusedListReported({
      target: 'rpc:admin_organisations',
      message: 'Admin access required',
      render: renderPage,
      failed: 'Failed to load the organisations.',
      logged: 'Error loading organisations:',
      toastError,
      logError,
    }));

  it('below 640 px, shows each organisation as a card with its buttons', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    renderPage();
    const list = await screen.findByRole('list', { name: 'Organisations' });
    const [first] = within(list).getAllByRole('listitem');
    expectTextsIn(first, ['Riverside Care Trust', 'Kind', 'Trust', 'Seats used', '3 of 50']);
    expect(
      within(first as HTMLElement).getByRole('button', { name: 'Edit Riverside Care Trust' }),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('creates an organisation, then invites its first manager, and lists it', async () => {
    supabaseFake.answer('rpc:create_organisation', { data: coastal });
    invitationAnswer('invited');
    const user = userEvent.setup();
    renderPage();
    const dialog = await openNewOrganisation(user);
    // The name is the first field; the term starts today unless changed.
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(within(dialog).getByLabelText('First day')).toHaveValue(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()),
    );
    expect(
      within(within(dialog).getByRole('combobox', { name: 'Kind' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a kind',
      'GP practice',
      'PCN',
      'Training hub',
      'ICB',
      'Trust',
      'University',
      'Other',
    ]);
    await fillNewOrganisation(user, dialog);
    const readsBefore = listReads();
    listAnswer([coastal, riverside, hillside, northgate]);
    await user.click(within(dialog).getByRole('button', { name: 'Create organisation' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(supabaseFake.lastCall('rpc:create_organisation').args).toEqual({
      name: 'Coastal PCN',
      kind: 'pcn',
      seats: 40,
      term_starts_on: '2027-01-01',
      term_ends_on: '2027-12-31',
    });
    expect(supabaseFake.lastCall('rpc:invite_organisation_members').args).toEqual({
      organisation_id: 'o9',
      people: [{ email: 'Jo@Coastal.example', name: 'Jo Lee' }],
      role: 'manager',
    });
    expect(toastSuccess).toHaveBeenCalledWith(
      'Organisation Created',
      'Coastal PCN was created and jo@coastal.example was invited to manage it.',
    );
    expect(toastError).not.toHaveBeenCalled();
    expect(listReads()).toBeGreaterThan(readsBefore);
    const [first] = await rows();
    expect(first).toHaveTextContent('Coastal PCN');
  });

  it('sends no name for a manager whose name was left empty', async () => {
    supabaseFake.answer('rpc:create_organisation', { data: coastal });
    invitationAnswer('invited');
    const user = userEvent.setup();
    renderPage();
    const dialog = await openNewOrganisation(user);
    await fillNewOrganisation(user, dialog);
    await user.clear(within(dialog).getByLabelText('Name (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(supabaseFake.lastCall('rpc:invite_organisation_members').args).toEqual({
      organisation_id: 'o9',
      people: [{ email: 'Jo@Coastal.example' }],
      role: 'manager',
    });
  });

  it('checks the form before asking the server', async () => {
    const user = userEvent.setup();
    renderPage();
    const dialog = await openNewOrganisation(user);
    const form = within(dialog);
    await user.type(form.getByLabelText('Seats'), '0');
    await user.click(form.getByRole('button', { name: 'Create organisation' }));
    expect(await form.findByText('Name must be at least 2 characters')).toBeVisible();
    expectTextsIn(dialog, [
      'Choose the kind of organisation',
      'Seats must be a whole number from 1 to 100000',
      'Choose the last day of the term',
      'Enter a valid e-mail address',
    ]);
    expect(form.getByLabelText('Name')).toHaveFocus();
    expect(form.getByLabelText('Seats')).toHaveAccessibleDescription(
      'How many people may be members at once, from 1 to 100000. Seats must be a whole number from 1 to 100000',
    );

    // A term that ends before it starts.
    await user.type(form.getByLabelText('Name'), 'Coastal PCN');
    await user.selectOptions(form.getByRole('combobox', { name: 'Kind' }), 'Trust');
    await user.clear(form.getByLabelText('Seats'));
    await user.type(form.getByLabelText('Seats'), '5');
    setDate(form.getByLabelText('First day'), '2027-06-01');
    setDate(form.getByLabelText('Last day'), '2027-05-31');
    await user.type(form.getByLabelText('E-mail address'), 'jo@coastal.example');
    await user.click(form.getByRole('button', { name: 'Create organisation' }));
    expect(await form.findByText('The term must end on or after the day it starts')).toBeVisible();
    expect(supabaseFake.calls('rpc:create_organisation')).toEqual([]);
    expect(supabaseFake.calls('rpc:invite_organisation_members')).toEqual([]);
  });

  it("a refused organisation: the server's message in the dialog, everything typed kept, no invitation", async () => {
    supabaseFake.answer('rpc:create_organisation', {
      data: null,
      error: { code: '42501', message: 'Admin access required' },
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openNewOrganisation(user);
    await fillNewOrganisation(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create organisation' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Admin access required');
    const form = within(dialog);
    expect(form.getByLabelText('Name')).toHaveValue('  Coastal PCN ');
    expect(form.getByRole('combobox', { name: 'Kind' })).toHaveValue('pcn');
    expect(form.getByLabelText('Seats')).toHaveValue('40');
    expect(form.getByLabelText('First day')).toHaveValue('2027-01-01');
    expect(form.getByLabelText('Last day')).toHaveValue('2027-12-31');
    expect(form.getByLabelText('E-mail address')).toHaveValue('Jo@Coastal.example');
    expect(form.getByLabelText('Name (optional)')).toHaveValue('Jo Lee');
    expect(form.getByRole('button', { name: 'Create organisation' })).toBeEnabled();
    expect(supabaseFake.calls('rpc:invite_organisation_members')).toEqual([]);
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(logError).toHaveBeenCalledWith(
      'Error creating an organisation:',
      expect.objectContaining({ message: 'Admin access required' }),
    );
  });

  it('created but the manager not invited: says so, and offers the invitation again with the address kept', async () => {
    supabaseFake.answer('rpc:create_organisation', { data: coastal });
    invitationAnswer('no_seat');
    const user = userEvent.setup();
    renderPage();
    const dialog = await openNewOrganisation(user);
    await fillNewOrganisation(user, dialog);
    listAnswer([coastal, riverside]);
    await user.click(within(dialog).getByRole('button', { name: 'Create organisation' }));

    const invite = await screen.findByRole('dialog', { name: 'Invite a manager to Coastal PCN' });
    expect(toastError).toHaveBeenCalledWith(
      'Manager Not Invited',
      'Coastal PCN was created. No seat is left: add seats to the organisation first.',
    );
    expect(invite).toHaveTextContent(
      'Coastal PCN was created, but its manager was not invited: No seat is left: add seats to the organisation first.',
    );
    expect(within(invite).getByLabelText('E-mail address')).toHaveValue('Jo@Coastal.example');
    expect(within(invite).getByLabelText('Name (optional)')).toHaveValue('Jo Lee');
    await waitFor(() => expect(within(invite).getByLabelText('E-mail address')).toHaveFocus());
    expect(supabaseFake.calls('rpc:create_organisation')).toHaveLength(1);

    // Sent again, it goes.
    invitationAnswer('invited');
    await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(supabaseFake.calls('rpc:create_organisation')).toHaveLength(1);
    expect(supabaseFake.lastCall('rpc:invite_organisation_members').args).toEqual({
      organisation_id: 'o9',
      people: [{ email: 'Jo@Coastal.example', name: 'Jo Lee' }],
      role: 'manager',
    });
    expect(toastSuccess).toHaveBeenCalledWith(
      'Manager Invited',
      'jo@coastal.example was invited to manage Coastal PCN.',
    );
    // The organisation was listed as soon as it was created.
    const [first] = await rows();
    expect(first).toHaveTextContent('Coastal PCN');
    expect(screen.getByRole('button', { name: 'New organisation' })).toHaveFocus();
  });

  it("created but the invitation refused: the server's message, the organisation kept", async () => {
    supabaseFake.answer('rpc:create_organisation', { data: coastal });
    supabaseFake.answer('rpc:invite_organisation_members', {
      data: null,
      error: { code: '42501', message: 'Only Revolve can invite a manager' },
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openNewOrganisation(user);
    await fillNewOrganisation(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create organisation' }));

    const invite = await screen.findByRole('dialog', { name: 'Invite a manager to Coastal PCN' });
    expect(invite).toHaveTextContent(
      'Coastal PCN was created, but its manager was not invited: Only Revolve can invite a manager',
    );
    expect(toastError).toHaveBeenCalledWith(
      'Manager Not Invited',
      'Coastal PCN was created. Only Revolve can invite a manager',
    );
    expect(within(invite).getByLabelText('E-mail address')).toHaveValue('Jo@Coastal.example');
  });

  it('edits an organisation: its details to start with, the changes sent, the list read again', async () => {
    supabaseFake.answer('rpc:update_organisation', {
      data: organisation({ seats: 60 }),
    });
    const user = userEvent.setup();
    renderPage();
    const [first] = await rows();
    await user.click(
      within(first as HTMLElement).getByRole('button', { name: 'Edit Riverside Care Trust' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Riverside Care Trust' });
    const form = within(dialog);
    expect(form.getByLabelText('Name')).toHaveValue('Riverside Care Trust');
    expect(form.getByRole('combobox', { name: 'Kind' })).toHaveValue('trust');
    expect(form.getByLabelText('Seats')).toHaveValue('50');
    expect(form.getByLabelText('First day')).toHaveValue('2026-11-08');
    expect(form.getByLabelText('Last day')).toHaveValue('2027-11-08');
    expect(form.queryByLabelText('E-mail address')).not.toBeInTheDocument();

    await user.clear(form.getByLabelText('Seats'));
    await user.type(form.getByLabelText('Seats'), '60');
    const readsBefore = listReads();
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(supabaseFake.lastCall('rpc:update_organisation').args).toEqual({
      organisation_id: 'o1',
      name: 'Riverside Care Trust',
      kind: 'trust',
      seats: 60,
      term_starts_on: '2026-11-08',
      term_ends_on: '2027-11-08',
    });
    expect(toastSuccess).toHaveBeenCalledWith(
      'Organisation Saved',
      'Riverside Care Trust was updated.',
    );
    expect(listReads()).toBeGreaterThan(readsBefore);
  });

  it("a refused edit: the server's message in the dialog, and the changes kept", async () => {
    supabaseFake.answer('rpc:update_organisation', {
      data: null,
      error: { code: '22023', message: 'The organisation has 3 members; seats cannot be fewer' },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Riverside Care Trust' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Riverside Care Trust' });
    await user.clear(within(dialog).getByLabelText('Seats'));
    await user.type(within(dialog).getByLabelText('Seats'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The organisation has 3 members; seats cannot be fewer',
    );
    expect(within(dialog).getByLabelText('Seats')).toHaveValue('2');
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('invites a manager from a row; an answer other than invited shows in the dialog', async () => {
    invitationAnswer('already_invited');
    const user = userEvent.setup();
    renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Invite manager to Hillside Surgery' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Invite a manager to Hillside Surgery' });
    await user.type(within(dialog).getByLabelText('E-mail address'), 'sam@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This person already has an open invitation.',
    );
    expect(within(dialog).getByLabelText('E-mail address')).toHaveValue('sam@example.com');
    expect(supabaseFake.lastCall('rpc:invite_organisation_members').args).toEqual({
      organisation_id: 'o2',
      people: [{ email: 'sam@example.com' }],
      role: 'manager',
    });
    expect(toastSuccess).not.toHaveBeenCalled();

    // Cancelled: the dialog closes, and focus goes back to the row's button.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Invite manager to Hillside Surgery' }),
    ).toHaveFocus();
  });
});
