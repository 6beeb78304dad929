/**
 * /admin/organisations: Revolve's customers (DESIGN.md section 7, "Organisations"). Admins create an
 * organisation with its seats and term, invite its first manager, change its details later and
 * invite another manager. The page title is in ./pages.ts.
 */

/** The kinds of organisation, as the database names them (public.organisations.kind). */
export const organisationKindLabels = {
  gp_practice: 'GP practice',
  pcn: 'PCN',
  training_hub: 'Training hub',
  icb: 'ICB',
  trust: 'Trust',
  university: 'University',
  other: 'Other',
};

export const adminOrganisationsPage = {
  heading: 'Organisations',
  intro:
    "Revolve's customers: their seats, their term and their managers. Create an organisation, invite its manager, and change its seats or term.",
  /** The Admin Dashboard header's link here. */
  dashboardLink: 'Organisations',
  newLabel: 'New organisation',
  searchLabel: 'Search organisations by name',
  searchPlaceholder: 'Search by name',
  caption: 'Organisations',
  columns: {
    name: 'Organisation',
    kind: 'Kind',
    seats: 'Seats used',
    term: 'Term',
    managers: 'Managers',
    actions: 'Actions',
  },
  seats: (used: number, seats: number) =>
    `${used.toLocaleString('en-GB')} of ${seats.toLocaleString('en-GB')}`,
  term: (starts: string, ends: string) => `${starts} to ${ends}`,
  statuses: { upcoming: 'Upcoming', active: 'Active', ended: 'Ended' },
  invited: (emails: string) => `Invited: ${emails}`,
  noManager: 'No manager yet',
  edit: 'Edit',
  editLabel: (name: string) => `Edit ${name}`,
  inviteManager: 'Invite manager',
  inviteManagerLabel: (name: string) => `Invite manager to ${name}`,
  loading: 'Loading...',
  loadFailed: 'Failed to load the organisations.',
  empty: 'No organisations yet. Create the first one.',
  noMatches: (search: string) => `No organisations match "${search}"`,
  clearSearch: 'Clear search',
  pagesLabel: 'Organisation pages',
};

export const organisationForm = {
  createTitle: 'New organisation',
  createDescription:
    'Its seats count every member, managers included. Its staff have access from the first day of the term to the last.',
  editTitle: (name: string) => `Edit ${name}`,
  editDescription: 'Seats cannot be fewer than the members it has.',
  nameLabel: 'Name',
  kindLabel: 'Kind',
  kindPlaceholder: 'Choose a kind',
  seatsLabel: 'Seats',
  seatsHint: 'How many people may be members at once, from 1 to 100000.',
  termLegend: 'Term',
  startsLabel: 'First day',
  endsLabel: 'Last day',
  managerLegend: 'First manager',
  managerHint: 'They receive an e-mail inviting them to manage the organisation.',
  emailLabel: 'E-mail address',
  managerNameLabel: 'Name (optional)',
  cancel: 'Cancel',
  create: 'Create organisation',
  creating: 'Creating...',
  save: 'Save changes',
  saving: 'Saving...',
  errors: {
    nameShort: 'Name must be at least 2 characters',
    nameLong: 'Name must be 200 characters or fewer',
    kind: 'Choose the kind of organisation',
    seats: 'Seats must be a whole number from 1 to 100000',
    startsMissing: 'Choose the first day of the term',
    endsMissing: 'Choose the last day of the term',
    endsBeforeStart: 'The term must end on or after the day it starts',
    email: 'Enter a valid e-mail address',
    managerNameLong: 'Name must be 100 characters or fewer',
    control: 'Remove the special characters',
    createFailed: 'The organisation could not be created. Please try again.',
    saveFailed: 'The changes could not be saved. Please try again.',
  },
};

export const inviteManagerForm = {
  title: (name: string) => `Invite a manager to ${name}`,
  description:
    'They receive an e-mail inviting them to manage the organisation; the invitation holds a seat for 14 days.',
  /** Shown above the form when the organisation was created but its first manager was not invited. */
  createdNotInvited: (name: string, reason: string) =>
    `${name} was created, but its manager was not invited: ${reason}`,
  emailLabel: 'E-mail address',
  nameLabel: 'Name (optional)',
  privacy: 'We use the name and address only to send this invitation and set up their access.',
  cancel: 'Cancel',
  submit: 'Send invitation',
  busy: 'Sending...',
  failed: 'The invitation could not be sent. Please try again.',
};

/** What invite_organisation_members answered for the person, in words; `invited` is the success. */
export const invitationResults: Record<string, string> = {
  invited: 'Invitation sent.',
  already_invited: 'This person already has an open invitation.',
  already_member: 'This person is already a member of the organisation.',
  invalid_email: 'The e-mail address is not valid.',
  invalid_name: 'The name is not valid (100 characters at most, no special characters).',
  invalid_cohort: 'The cohort is not valid.',
  duplicate: 'This e-mail address was given twice.',
  no_seat: 'No seat is left: add seats to the organisation first.',
};

export const unknownInvitationResult = 'The invitation was not sent.';

export const organisationToasts = {
  createdAndInvited: {
    title: 'Organisation Created',
    description: (name: string, email: string) =>
      `${name} was created and ${email} was invited to manage it.`,
  },
  createdNotInvited: {
    title: 'Manager Not Invited',
    description: (name: string, reason: string) => `${name} was created. ${reason}`,
  },
  createFailed: { title: 'Creation Failed' },
  saved: {
    title: 'Organisation Saved',
    description: (name: string) => `${name} was updated.`,
  },
  saveFailed: { title: 'Save Failed' },
  invited: {
    title: 'Manager Invited',
    description: (email: string, name: string) => `${email} was invited to manage ${name}.`,
  },
  notInvited: { title: 'Manager Not Invited' },
  loadFailed: { title: 'Error', description: 'Failed to load the organisations.' },
};
