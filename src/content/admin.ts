import type { PageCopy } from './pages';

/** The admin dashboard's heading and lead text (its title is in ./pages.ts). */
export const adminPage: Omit<PageCopy, 'title'> = {
  heading: 'Admin Dashboard',
  intro: 'Review trial requests and manage users, module unlocks and admins.',
};

/** The link from each admin sub-page (access codes, integrations, leads, activity) back to the dashboard. */
export const backToAdminDashboard = 'Back to the Admin Dashboard';

/** The words every admin list shares: its search, its empty search, loading and failure. */
export const adminList = {
  searchLabel: (caption: string) => `Search ${caption.toLowerCase()} by name or e-mail`,
  searchPlaceholder: 'Search by name or e-mail',
  noMatches: (search: string) => `No matches for "${search}"`,
  clearSearch: 'Clear search',
  loading: 'Loading...',
  loadFailed: 'Failed to load admin data.',
};

/**
 * The CSV export of the dashboard's lists (not the admins): each file's name part and its columns,
 * in their order. Dates are ISO 8601 in UTC; ids are the database's.
 */
export const adminCsv = {
  pending: {
    list: 'pending-trials',
    columns: {
      id: 'Request ID',
      firstName: 'First name',
      lastName: 'Last name',
      email: 'Email',
      submittedAt: 'Submitted at',
    },
  },
  active: {
    list: 'active-trials',
    columns: {
      id: 'Trial ID',
      userId: 'User ID',
      name: 'Name',
      email: 'Email',
      grantedAt: 'Granted at',
      expiresAt: 'Expires at',
    },
  },
  expired: {
    list: 'expired-trials',
    columns: {
      id: 'Trial ID',
      name: 'Name',
      email: 'Email',
      expiredAt: 'Expired at',
      canRetrial: 'Re-trial allowed',
    },
  },
  users: {
    list: 'users',
    columns: { id: 'User ID', name: 'Name', email: 'Email', joinedAt: 'Joined at', roles: 'Roles' },
  },
  unlocks: {
    list: 'module-unlocks',
    columns: {
      id: 'Unlock ID',
      name: 'Name',
      email: 'Email',
      module: 'Module',
      moduleSlug: 'Module slug',
      unlockedAt: 'Unlocked at',
    },
  },
};
