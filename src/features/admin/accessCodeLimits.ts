/**
 * The database's limits on an access code, mirrored for the form (public.access_codes and
 * create_access_code hold them). supabase/tests/access.test.ts fails when the two differ, so this
 * module imports nothing: the database tests read it as it is.
 */

/** The largest seat limit: far beyond any organisation, short of a typing slip. */
export const maxSeats = 100_000;
