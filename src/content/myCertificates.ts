/**
 * The dashboard's My certificates (docs/certificates.md): apart from ./certificates.ts because the
 * dashboard shows the section's heading while the section's code loads, and that should not carry
 * the words of /certificates, /verify and /admin/certificates with it.
 */
export const myCertificatesCopy = {
  heading: 'My certificates',
  intro: 'A CPD certificate for each module you complete, with the time you watched.',
  loading: 'Loading your certificates...',
  loadFailed: 'We could not load your certificates.',
  retryLabel: 'Try again',
  empty:
    'You have no certificates yet. Complete a module to earn a CPD certificate of the time you watched.',
  listLabel: 'Your certificates',
  completedOn: (date: string) => `Completed ${date}`,
  viewAll: 'View all certificates',
};

/** A certificate's status, in words (never told by colour alone). */
export const certificateStatusLabels = {
  valid: 'Valid',
  revoked: 'Revoked',
};
