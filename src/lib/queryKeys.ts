/**
 * The app's one query-key scheme: every cached server read is keyed here, by feature and then by
 * the user it belongs to, so a whole feature or a user's data can be invalidated at once.
 */
export const queryKeys = {
  /** Everything read about the user's notifications: the list and the unread count. */
  notifications: (userId: string) => ['notifications', userId] as const,
  /** The pages of the bell's list, newest first. */
  notificationList: (userId: string) => ['notifications', userId, 'list'] as const,
  /** How many of the user's notifications are unread (all of them, not only those loaded). */
  unreadNotifications: (userId: string) => ['notifications', userId, 'unread'] as const,
  /** Everything read about the user's trial: invalidated as a whole when the trial changes. */
  trial: (userId: string) => ['trial', userId] as const,
  /** The signed-in user's trial status (dashboard, trial button, trial library). */
  trialStatus: (userId: string) => ['trial', userId, 'status'] as const,
  trialPassword: (userId: string) => ['trial', userId, 'password'] as const,
  /** Everything read about the user's learning: invalidated as a whole after a launch or a close. */
  learning: (userId: string) => ['learning', userId] as const,
  /** The user's cmi5 registrations with their progress (learning_progress). */
  learningProgress: (userId: string) => ['learning', userId, 'progress'] as const,
  /** The modules the user unlocked (module_unlocks), for the dashboard's My learning. */
  learningUnlocks: (userId: string) => ['learning', userId, 'unlocks'] as const,
  /** Each module's length (learning_modules), the same for everyone. */
  learningModules: ['learning-modules'] as const,
  /** Everything read about the user's certificates: invalidated as a whole after a change. */
  certificates: (userId: string) => ['certificates', userId] as const,
  /** The user's own certificates, newest first (the dashboard and /certificates). */
  myCertificates: (userId: string) => ['certificates', userId, 'list'] as const,
  /** The user's sends of certificates to a portfolio, with how each went. */
  portfolioSends: (userId: string) => ['certificates', userId, 'portfolio'] as const,
  /** The public check of a certificate by its code, normalised (/verify/:code). */
  certificateCheck: (code: string) => ['certificate-check', code] as const,
  /** The user's name (profiles.name): /account and the certificates' PDF. */
  profileName: (userId: string) => ['profile', userId, 'name'] as const,
  /** The signed-in user's authenticator apps (MFA factors, /account/security). */
  authenticatorApps: (userId: string) => ['account', userId, 'authenticator-apps'] as const,
  /** Everything a manager reads of the organisations they manage (/organisation). */
  organisation: (userId: string) => ['organisation', userId] as const,
  /** The organisations the user manages (my_managed_organisations), at any assurance level. */
  managedOrganisations: (userId: string) => ['organisation', userId, 'managed'] as const,
  /** Everything read about one organisation: invalidated as a whole after a change to it. */
  organisationData: (userId: string, organisationId: string) =>
    ['organisation', userId, organisationId] as const,
  organisationOverview: (userId: string, organisationId: string) =>
    ['organisation', userId, organisationId, 'overview'] as const,
  organisationMembers: (
    userId: string,
    organisationId: string,
    page: number,
    search: string,
    cohort: string | null,
    sort: string,
  ) => ['organisation', userId, organisationId, 'members', page, search, cohort, sort] as const,
  organisationCohorts: (userId: string, organisationId: string) =>
    ['organisation', userId, organisationId, 'cohorts'] as const,
  organisationAssignments: (userId: string, organisationId: string) =>
    ['organisation', userId, organisationId, 'assignments'] as const,
  organisationInvitations: (userId: string, organisationId: string, page: number) =>
    ['organisation', userId, organisationId, 'invitations', page] as const,
  organisationOpenInvitations: (userId: string, organisationId: string) =>
    ['organisation', userId, organisationId, 'open-invitations'] as const,
  /** Every cell of the completion matrix (organisation_progress). */
  organisationProgress: (userId: string, organisationId: string) =>
    ['organisation', userId, organisationId, 'progress'] as const,
  /** Everything the admin dashboard reads: invalidated as a whole after each admin action. */
  admin: ['admin'] as const,
  adminList: (tab: string, page: number, search: string) => ['admin', tab, page, search] as const,
  adminCounts: ['admin', 'counts'] as const,
  /** The organisation access codes (/admin/access-codes). */
  accessCodes: ['admin', 'access-codes'] as const,
  /** Revolve's customers as admins list them (/admin/organisations, the access-code form's choice). */
  adminOrganisations: ['admin', 'organisations'] as const,
  adminOrganisationList: (page: number, search: string) =>
    ['admin', 'organisations', 'list', page, search] as const,
  /** Every organisation's id, name and status, for the access-code form's select. */
  organisationChoices: ['admin', 'organisations', 'choices'] as const,
  /** The LRS clients of tools and integrations (/admin/integrations). */
  lrsClients: ['admin', 'lrs-clients'] as const,
  /** Every certificate issued (/admin/certificates). */
  adminCertificates: ['admin', 'certificates'] as const,
  adminCertificateList: (page: number, search: string) =>
    ['admin', 'certificates', page, search] as const,
  /** The leads from /book-demo (/admin/leads). */
  leads: ['admin', 'leads'] as const,
  leadList: (page: number, search: string, status: string | null) =>
    ['admin', 'leads', page, search, status] as const,
  /** The audit log and the funnel (/admin/activity). */
  auditLog: (page: number, action: string | null, actor: string) =>
    ['admin', 'audit-log', page, action, actor] as const,
  funnel: (days: number) => ['admin', 'funnel', days] as const,
  moduleStarts: (days: number) => ['admin', 'module-starts', days] as const,
  /** Starts, completions and median minutes per module (/admin/activity). */
  learningSummary: (days: number) => ['admin', 'learning-summary', days] as const,
  /** The e-mails not delivered (/admin/activity). */
  emailDeliveries: (page: number) => ['admin', 'email-deliveries', page] as const,
  /** Everything read about the user's own organisations: invalidated as a whole when they join. */
  learnerOrganisations: (userId: string) => ['organisation-learner', userId] as const,
  /** The open invitations to the user's address (/invitations, the dashboard). */
  myInvitations: (userId: string) => ['organisation-learner', userId, 'invitations'] as const,
  /** What the user's organisations assigned them (the dashboard, /unlock/:slug). */
  myAssignments: (userId: string) => ['organisation-learner', userId, 'assignments'] as const,
};
