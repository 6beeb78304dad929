/**
 * /admin/integrations: the LRS clients through which tools and integrations reach the Learning
 * Record Store (DESIGN.md section 7, docs/learning-records.md). Admins create a client (its secret
 * shown once), see each client's key and scopes, and revoke it. The page title is in ./pages.ts.
 */
export const integrationsPage = {
  heading: 'Integrations',
  intro:
    "Let tools and integrations, such as a player host or an organisation's learning system, send and read learning records. Each LRS client has its own key and secret, and scopes that say what it may do; revoke a client to shut it out at once.",
  /** The Admin Dashboard header's link here. */
  dashboardLink: 'Integrations',
};

const copiedLabel = 'Copied';
const copyFailed = 'Could not copy. Select the text and copy it yourself.';

/** The address a tool sends its xAPI requests to (the LRS's base, with a trailing slash). */
export const lrsEndpoint = {
  label: 'LRS endpoint',
  description:
    'Enter this address in the tool as its xAPI endpoint (or LRS address), with the key and secret of its LRS client.',
  copyLabel: 'Copy endpoint',
  copiedLabel,
  copiedAnnouncement: 'LRS endpoint copied to the clipboard.',
  copyFailed,
};

export const lrsClientForm = {
  title: 'New LRS client',
  nameLabel: 'Name',
  nameHint: 'The tool or integration that will use it, so that you know it in the list.',
  scopesLegend: 'Scopes',
  scopesHint: 'Tick what the client may do. Choose at least one.',
  /** What each xAPI scope allows, in plain words (by the scope's xAPI name). */
  scopes: {
    'statements/write': 'Send statements',
    'statements/read/mine': 'Read the statements it sent',
    'statements/read': 'Read all statements',
    state: 'Read and write state documents',
    profile: 'Read and write activity and agent profiles',
    'all/read': 'Read everything',
    all: 'Everything',
  },
  submitLabel: 'Create client',
  busyLabel: 'Creating...',
  errors: {
    nameShort: 'Name must be at least 2 characters',
    nameLong: 'Name must be 200 characters or fewer',
    nameControl: 'Name cannot contain tabs, line breaks or other control characters',
    noScope: 'Choose at least one scope',
  },
};

export const issuedLrsClientDialog = {
  title: 'LRS client created',
  description: (name: string) =>
    `Enter these in the settings of ${name}. It signs in with HTTP Basic authentication: the key is the user name and the secret the password.`,
  endpoint: lrsEndpoint,
  key: {
    label: 'Key',
    copyLabel: 'Copy key',
    copiedLabel,
    copiedAnnouncement: 'Key copied to the clipboard.',
    copyFailed,
  },
  secret: {
    label: 'Secret',
    copyLabel: 'Copy secret',
    copiedLabel,
    copiedAnnouncement: 'Secret copied to the clipboard.',
    copyFailed,
  },
  header: {
    label: 'Authorization header',
    copyLabel: 'Copy header',
    copiedLabel,
    copiedAnnouncement: 'Authorization header copied to the clipboard.',
    copyFailed,
  },
  headerHint:
    'For a tool that asks for a header instead: "Basic", then the key and the secret joined by a colon, in Base64.',
  notShownAgain:
    "The secret will not be shown again. Copy it now into the tool's settings; if it is lost, revoke the client and create a new one.",
  doneLabel: 'Done',
};

export const lrsClientList = {
  caption: 'LRS clients',
  columns: {
    name: 'Name',
    key: 'Key',
    scopes: 'Scopes',
    status: 'Status',
    created: 'Created',
    actions: 'Actions',
  },
  createdBy: (email: string) => `by ${email}`,
  empty: 'No LRS clients yet',
  loading: 'Loading...',
  loadFailed: 'Failed to load LRS clients.',
  statuses: { active: 'Active', revoked: 'Revoked' },
  revokeLabel: 'Revoke',
  revokeAccessibleLabel: (name: string, key: string) =>
    `Revoke the LRS client ${name} with the key ending ${key.slice(-4)}`,
};

export const revokeLrsClientConfirmation = {
  title: 'Revoke this LRS client?',
  description: (name: string, key: string) =>
    `${name} (key ending ${key.slice(-4)}) can no longer reach the LRS, from now on. The statements it sent stay. This cannot be undone.`,
  confirmLabel: 'Revoke',
};

export const lrsClientToasts = {
  created: { title: 'LRS Client Created', description: 'Copy the secret now: it is shown once.' },
  createFailed: { title: 'Creation Failed', description: 'Failed to create the LRS client.' },
  revoked: {
    title: 'LRS Client Revoked',
    description: (name: string) => `${name} can no longer reach the LRS.`,
  },
  revokeFailed: { title: 'Revoke Failed', description: 'Failed to revoke the LRS client.' },
  loadFailed: { title: 'Error', description: 'Failed to load LRS clients.' },
};
