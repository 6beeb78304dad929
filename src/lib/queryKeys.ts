/**
 * The app's one query-key scheme: every cached server read is keyed here, by feature and then by
 * the user it belongs to, so a whole feature or a user's data can be invalidated at once.
 */
export const queryKeys = {
  notifications: (userId: string) => ['notifications', userId] as const,
  /** The signed-in user's trial status (dashboard, trial button, trial library). */
  trialStatus: (userId: string) => ['trial', userId, 'status'] as const,
  trialPassword: (userId: string) => ['trial', userId, 'password'] as const,
  /** Everything the admin dashboard reads: invalidated as a whole after each admin action. */
  admin: ['admin'] as const,
  adminList: (tab: string, page: number, search: string) => ['admin', tab, page, search] as const,
  adminCounts: ['admin', 'counts'] as const,
};
