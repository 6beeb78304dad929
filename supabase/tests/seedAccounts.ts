/**
 * The accounts supabase/seed.sql creates, for local development and tests only (supabase/README.md
 * publishes them): the one place the database tests, the end-to-end tests and the scripts read them.
 */

/** Every seeded account's password. */
export const seedPassword = 'Password123';

/** The seeded admin's authenticator app secret: admin powers need a session through its codes. */
export const seededAdminTotpSecret = 'REVOLVEADMINLOCALONLYTOTPKEY2345';

/** The seeded manager's authenticator app secret: a manager's powers need a session at aal2 too. */
export const seededManagerTotpSecret = 'REVOLVEMANAGERLOCALONLYTOTPKEY23';

export const seeded = {
  admin: { id: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' },
  active: { id: 'a0000000-0000-4000-8000-000000000002', email: 'active@example.com' },
  expiring: { id: 'a0000000-0000-4000-8000-000000000003', email: 'expiring@example.com' },
  pending: { id: 'a0000000-0000-4000-8000-000000000004', email: 'pending@example.com' },
  retrial: { id: 'a0000000-0000-4000-8000-000000000005', email: 'retrial@example.com' },
  expired: { id: 'a0000000-0000-4000-8000-000000000006', email: 'expired@example.com' },
  fresh: { id: 'a0000000-0000-4000-8000-000000000007', email: 'new@example.com' },
  manager: { id: 'a0000000-0000-4000-8000-000000000008', email: 'manager@example.com' },
} as const;

/** The seeded organisations: the manager manages Riverside Care Trust. */
export const seededOrganisations = {
  riverside: { id: 'c0000000-0000-4000-8000-000000000001', name: 'Riverside Care Trust' },
  hillside: { id: 'c0000000-0000-4000-8000-000000000002', name: 'Hillside Surgery' },
  northgate: { id: 'c0000000-0000-4000-8000-000000000003', name: 'Northgate Clinic' },
} as const;
