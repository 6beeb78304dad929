/** The notification bell's copy. */
export const notificationCopy = {
  heading: 'Notifications',
  /** The bell's accessible name. */
  bellLabel: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  markAllRead: 'Mark all read',
  loading: 'Loading...',
  empty: 'No notifications yet',
  showEarlier: 'Show earlier',
  loadingEarlier: 'Loading earlier notifications...',
  unread: ', unread',
};
