/**
 * Where supabase-js keeps the session in localStorage. Named here so the header can tell a returning
 * user from a visitor without loading the client.
 */
export const authStorageKey = 'revolve-auth';
