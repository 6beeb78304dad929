import { supabaseFake, type FakeAnswer, type Responder } from './supabaseFake';

/** The tables the admin dashboard's six lists read when nothing is searched, one a tab. */
export const adminListTables = [
  'pending_trials',
  'admin_active_trials',
  'admin_expired_trials',
  'profiles',
  'admin_module_unlocks',
  'user_roles',
];

/** The server answers every admin list read with `responder`. */
export function answerAdminLists(responder: Responder | FakeAnswer): void {
  for (const table of adminListTables) supabaseFake.answer(`from:${table}`, responder);
}

/** How many reads (tables and functions) have been asked of the server. */
export const serverReads = () =>
  supabaseFake.calls().filter(({ target }) => /^(from|rpc):/.test(target)).length;
