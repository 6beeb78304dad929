import { screen } from '@testing-library/react';
import { expect, type Mock } from 'vitest';
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

/**
 * The server refuses a list's read (`target`, e.g. `rpc:admin_access_codes`) with `message`: the
 * page, once rendered, shows `failed` in an alert, toasts it once and logs `logged` with the error,
 * as every admin list reports a failed read.
 */
export async function expectRefusedListReported(refusal: {
  target: string;
  message: string;
  render: () => void;
  failed: string;
  logged: string;
  toastError: Mock;
  logError: Mock;
}): Promise<void> {
  const { target, message, render, failed, logged, toastError, logError } = refusal;
  supabaseFake.answer(target, () => ({ data: null, error: { code: '42501', message } }));
  render();
  expect(await screen.findByRole('alert')).toHaveTextContent(failed);
  expect(toastError).toHaveBeenCalledExactlyOnceWith('Error', failed);
  expect(logError).toHaveBeenCalledWith(logged, expect.objectContaining({ message }));
}
