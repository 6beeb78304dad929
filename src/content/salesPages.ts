/**
 * The titles of /admin/leads and /admin/activity and the Admin Dashboard's links to them: apart from
 * ./sales.ts because the route table, in every page's first download, reads them.
 */
export const salesPages = {
  leads: {
    title: 'Leads',
    description: 'Follow up the interest registered on the Book a Demo page.',
    /** The Admin Dashboard header's link here. */
    dashboardLink: 'Leads',
  },
  activity: {
    title: 'Activity',
    description: 'The admin audit log and the trial funnel.',
    dashboardLink: 'Activity',
  },
};
