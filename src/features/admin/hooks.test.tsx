import { FunctionsHttpError } from '@supabase/supabase-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerAdminLists, serverReads } from '@/test/adminServer';
import { deferred, renderWithProviders } from '@/test/render';
import { supabaseFake, type FakeAnswer } from '@/test/supabaseFake';
import { RowActions } from './components/RowActions';
import { useAdminCounts, useRowAction } from './hooks';

const { toastSuccess, toastError } = vi.hoisted(() => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);

const messages = {
  success: ['Trial Approved', 'Trial access granted'] as [string, string],
  failure: ['Approval Failed', 'Failed to approve trial.'] as [string, string],
  useServerMessage: true,
};

/** Two pending rows with their actions, beside the tab totals (an admin query to read again). */
function Rows() {
  const counts = useAdminCounts();
  const { busyId, run } = useRowAction();
  return (
    <>
      <p data-testid="pending-total">{counts?.pending ?? '…'}</p>
      {['r1', 'r2'].map((id) => (
        <RowActions key={id} rowId={id} busyId={busyId}>
          {(disabled) => (
            <button
              type="button"
              disabled={disabled}
              onClick={() =>
                run(id, { kind: 'approve', trialId: id, email: `${id}@example.com` }, messages)
              }
            >
              Approve {id}
            </button>
          )}
        </RowActions>
      ))}
    </>
  );
}

/** The answers: each admin list read gives `total()` rows, and the function call `approval`. */
function serve(total: () => number | Promise<number>, approval: Promise<FakeAnswer>) {
  answerAdminLists(async () => ({ data: [], count: await total() }));
  supabaseFake.answer('invoke:approve-trial', () => approval);
}

describe('useRowAction', () => {
  beforeEach(() => {
    supabaseFake.reset();
    toastSuccess.mockReset();
    toastError.mockReset();
  });

  it('keeps the row busy from the action until every admin list has been read again', async () => {
    const approval = deferred<FakeAnswer>();
    const reread = deferred<number>();
    let reads = 0;
    serve(() => (++reads <= 6 ? 1 : reread.promise), approval.promise);
    renderWithProviders(<Rows />);
    await waitFor(() => expect(screen.getByTestId('pending-total')).toHaveTextContent('1'));

    await userEvent.click(screen.getByRole('button', { name: 'Approve r1' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Processing...');
    expect(screen.queryByRole('button', { name: 'Approve r1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve r2' })).toBeDisabled();

    approval.resolve({ data: { success: true } });
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledExactlyOnceWith(
        'Trial Approved',
        'Trial access granted',
      ),
    );
    await waitFor(() => expect(serverReads()).toBe(12));
    // Toasted, but the lists are still being read: the row still says so.
    expect(screen.getByRole('status')).toHaveTextContent('Processing...');

    reread.resolve(0);
    expect(await screen.findByRole('button', { name: 'Approve r1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Approve r2' })).toBeEnabled();
    expect(screen.getByTestId('pending-total')).toHaveTextContent('0');
    expect(toastError).not.toHaveBeenCalled();
  });

  it("on a refusal shows the server's message, frees the row and reads nothing again", async () => {
    // supabase-js's error for an edge function's refusal, with the response it gave.
    const refusal = new FunctionsHttpError(
      new Response(JSON.stringify({ error: 'Trial request not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    serve(() => 1, Promise.resolve({ error: refusal }));
    renderWithProviders(<Rows />);
    await waitFor(() => expect(screen.getByTestId('pending-total')).toHaveTextContent('1'));

    await userEvent.click(screen.getByRole('button', { name: 'Approve r2' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledExactlyOnceWith(
        'Approval Failed',
        'Trial request not found',
      ),
    );
    expect(await screen.findByRole('button', { name: 'Approve r2' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(serverReads()).toBe(6);
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
