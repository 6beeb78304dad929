/**
 * The database's limits on an LRS client, mirrored for the form (public.lrs_clients and
 * create_lrs_client hold them). supabase/tests/lrs.test.ts checks them against the database, so this
 * module imports nothing: the database tests read it as it is.
 */

/** xAPI's scope names (xAPI-Communication 4.2), in the order the spec and the database list them. */
export const lrsScopes = [
  'statements/write',
  'statements/read/mine',
  'statements/read',
  'state',
  'profile',
  'all/read',
  'all',
] as const;

export type LrsScope = (typeof lrsScopes)[number];

/** A client's name, in characters (code points, as Postgres's char_length counts them). */
export const lrsClientNameLength = { min: 2, max: 200 } as const;
