import type { PageHeroCopy } from './pages';
/**
 * The learner's side of organisations (docs/organisations.md): their invitations (/invitations),
 * what their organisations assigned them (the dashboard's Assigned to you), and an assigned module
 * opening without a password (/unlock/:slug). The page's title is in ./pages.ts.
 */

export const roleLabels = {
  learner: 'Learner',
  manager: 'Manager',
};

/** What a member's organisation sees, said on each invitation before they join. */
export const organisationSeesText =
  'Your name and e-mail address, and your progress and completion dates on the modules it assigns you or you unlock with its access code, with links to those certificates. Not your other modules, your notifications or your reflections.';

export const invitationsPage: PageHeroCopy = {
  heading: 'Invitations',
  intro:
    'Organisations that invited you to join them on Revolve, to take the training they assign.',
};

export const invitationsCopy = {
  loading: 'Loading your invitations...',
  loadFailed: 'We could not load your invitations.',
  retryLabel: 'Try again',
  empty: 'You have no invitations.',
  listLabel: 'Your invitations',
  role: (role: string) => `Role: ${role}`,
  expires: (date: string) => `Expires ${date}`,
  seesHeading: (organisation: string) => `What ${organisation} will see if you join`,
  seesText: organisationSeesText,
  joinLabel: (organisation: string) => `Join ${organisation}`,
  joiningLabel: 'Joining...',
  declineLabel: 'Decline',
  declineAccessibleLabel: (organisation: string) => `Decline the invitation from ${organisation}`,
  decliningLabel: 'Declining...',
  joinedTitle: (organisation: string) => `You joined ${organisation}`,
  joinedDescription: 'The training it assigns you is on your dashboard.',
  /** Shown in place of the list's card once joined. */
  joined: (organisation: string) => `You joined ${organisation}.`,
  dashboardLink: 'Go to your dashboard',
  /** For someone who joined as a manager: their organisation's page (which asks for a second factor). */
  organisationLink: 'Manage your organisation',
  declinedTitle: (organisation: string) => `Invitation from ${organisation} declined`,
  /** When the server gave no reason of its own. */
  joinFailed: (organisation: string) =>
    `We could not join you to ${organisation}. Please try again.`,
  declineFailed: 'We could not decline the invitation. Please try again.',
  /** A manager's invitation, accepted by an account without an authenticator app. */
  secondFactorNeeded: (organisation: string) =>
    `Managing ${organisation} needs two-factor sign-in. Set up an authenticator app on your account, then come back here to join: this invitation stays open.`,
  secondFactorAction: 'Set up an authenticator app',
  /**
   * For an account made from an invitation e-mail (its link signs them in once, without a
   * password). Whether they have set one since is not known to the app, so it says "if".
   */
  password: {
    text: 'Your account was made from an invitation e-mail, whose link signs you in once. If you have not set a password yet, set one now so that you can sign in again.',
    linkLabel: 'Set a password',
  },
};

/** The dashboard's Assigned to you, and its line about invitations. */
export const assignedCopy = {
  heading: 'Assigned to you',
  intro: 'Modules your organisation asked you to complete, soonest due first.',
  listLabel: 'Your assigned modules',
  from: (organisation: string) => `From ${organisation}`,
  due: (date: string) => `Due ${date}`,
  overdue: 'Overdue',
  completed: (date: string) => `Completed ${date}`,
  actions: {
    start: 'Start',
    continue: 'Continue',
    watchAgain: 'Watch again',
  },
  actionLabel: (action: string, moduleTitle: string) => `${action}: ${moduleTitle}`,
  /** The dashboard's line linking to /organisation, for a manager. */
  manages: (organisations: string[]) =>
    `Your organisation${organisations.length === 1 ? '' : 's'}: ${listed(organisations)}`,
  /** The dashboard's line linking to /invitations. */
  invitation: (organisations: string[]) =>
    organisations.length === 1
      ? `You have an invitation from ${organisations[0] ?? ''}`
      : `You have invitations from ${listed(organisations)}`,
};

/** The unlock page for a module the learner's organisation assigned them: no password asked. */
export const assignedUnlockCopy = {
  title: 'Assigned to you',
  /** The page's lead text in place of the unlock page's. */
  intro: 'Your organisation assigned you this module: open it with Start Training.',
  assignedBy: (organisation: string, date: string) => `Assigned by ${organisation}, due ${date}`,
  completedOn: (date: string) => `You completed it on ${date}.`,
  text: 'Your organisation gives you this module: no password or access code is needed.',
  startLabel: 'Start Training',
  startedLabel: 'Training Started \u2713',
  playerPlaceholder: 'Press Start Training above to open the training.',
};

function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}
