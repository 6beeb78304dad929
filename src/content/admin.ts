import type { PageCopy } from './pages';

/** The admin dashboard's heading and lead text (its title is in ./pages.ts). */
export const adminPage: Omit<PageCopy, 'title'> = {
  heading: 'Admin Dashboard',
  intro: 'Review trial requests and manage users, module unlocks and admins.',
};
