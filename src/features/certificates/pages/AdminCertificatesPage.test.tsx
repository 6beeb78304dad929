import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCertificateRow } from '@/test/certificateServer';
import { expectTextsIn, renderWithProviders } from '@/test/render';
import { stepsOf, supabaseFake } from '@/test/supabaseFake';
import type { AdminCertificate } from '../adminList';
import { formatCertificateCode, normaliseCertificateCode } from '@shared/certificate-code.ts';
import AdminCertificatesPage from './AdminCertificatesPage';

const { toastSuccess, toastError } = vi.hoisted(() => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));
vi.mock('@/lib/logger', () => ({ logger: { error: vi.fn(), warn: vi.fn() } }));

const code = formatCertificateCode('ABCDEFGHJKLM');

function listAnswer(rows: AdminCertificate[], total = rows.length) {
  supabaseFake.answer('from:admin_certificates', { data: rows, count: total });
  supabaseFake.answer('rpc:admin_search_certificates', { data: rows, count: total });
}

const renderPage = () => renderWithProviders(<AdminCertificatesPage />);

/** The table's rows, once loaded, without the header row. */
async function rows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

async function openRevoke() {
  const [row] = await rows();
  await userEvent.click(
    within(row as HTMLElement).getByRole('button', {
      name: `Revoke certificate ${code} of Sam Patel`,
    }),
  );
  return screen.findByRole('dialog');
}

describe('/admin/certificates', () => {
  beforeEach(() => {
    supabaseFake.reset();
    toastSuccess.mockReset();
    toastError.mockReset();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    listAnswer([
      adminCertificateRow(),
      adminCertificateRow({
        id: 'c2',
        code: 'QRSTUVWXYZ23',
        module: 'chronic-pain',
        revoked_at: '2026-12-01T12:00:00Z',
        revoked_reason: 'Wrong learner',
        profile_name: 'Alex Doe',
        profile_email: 'alex@example.com',
      }),
    ]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists every certificate, newest first, with the learner, module, code, minutes and status', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Certificates', level: 1 })).toBeVisible();
    const [first, second] = await rows();
    expectTextsIn(first, ['28 Nov 2026', 'Sam Patel', 'sam@example.com', 'Dementia', code]);
    expectTextsIn(first, ['105 min', 'Valid']);
    expectTextsIn(second, ['Alex Doe', 'Chronic Pain', 'Revoked', 'Revoked 1 Dec 2026']);
    expect(within(second as HTMLElement).queryByRole('button', { name: /Revoke/ })).toBeNull();

    const read = supabaseFake.lastCall('from:admin_certificates');
    expect(stepsOf(read, 'select')[0]?.[0]).toContain('profile_name, profile_email');
    expect(stepsOf(read, 'order')).toEqual([
      ['issued_at', { ascending: false }],
      ['id', { ascending: false }],
    ]);
    expect(stepsOf(read, 'range')).toEqual([[0, 24]]);
  });

  it('searches by a whole code, however typed, or by part of an e-mail', async () => {
    renderPage();
    await rows();
    const search = screen.getByRole('searchbox', { name: 'Search certificates' });
    await userEvent.type(search, 'abcd efgh jklm');
    await waitFor(() =>
      expect(stepsOf(supabaseFake.lastCall('from:admin_certificates'), 'eq')).toEqual([
        ['code', normaliseCertificateCode('abcd efgh jklm')],
      ]),
    );

    await userEvent.clear(search);
    await userEvent.type(search, 'sam@');
    await waitFor(() =>
      expect(supabaseFake.lastCall('rpc:admin_search_certificates').args).toEqual({
        pattern: '%sam@%',
      }),
    );
  });

  it('says when a search matches nothing, and clears it', async () => {
    renderPage();
    await rows();
    listAnswer([]);
    await userEvent.type(screen.getByRole('searchbox'), 'nobody');
    expect(await screen.findByText('No matches for "nobody"')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });

  it('asks for a reason before revoking, up to 500 characters', async () => {
    renderPage();
    const dialog = await openRevoke();
    expect(within(dialog).getByRole('heading', { name: 'Revoke this certificate?' })).toBeVisible();
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }));
    expect(reason).toHaveAccessibleDescription(/Give a reason for revoking the certificate/);

    await userEvent.click(reason);
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }));
    expect(reason).toHaveAccessibleDescription(/Write 500 characters or fewer/);
    expect(supabaseFake.calls('rpc:revoke_certificate')).toEqual([]);
  });

  it("shows the server's refusal in the dialog, keeping the reason", async () => {
    supabaseFake.answer('rpc:revoke_certificate', {
      error: { code: '22023', message: 'This certificate has already been revoked' },
    });
    renderPage();
    const dialog = await openRevoke();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Issued in error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This certificate has already been revoked',
    );
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Issued in error');
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('revokes with the reason, closes with a toast and reads the list again', async () => {
    supabaseFake.answer('rpc:revoke_certificate', {
      data: { id: 'c1', revoked_at: '2026-12-02T10:00:00Z' },
    });
    renderPage();
    const dialog = await openRevoke();
    await userEvent.type(within(dialog).getByLabelText('Reason'), '  Issued in error ');
    const reads = supabaseFake.calls('from:admin_certificates').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(supabaseFake.lastCall('rpc:revoke_certificate').args).toEqual({
      certificate_id: 'c1',
      reason: 'Issued in error',
    });
    expect(toastSuccess).toHaveBeenCalledWith(
      'Certificate revoked',
      `${code} now shows as revoked.`,
    );
    await waitFor(() =>
      expect(supabaseFake.calls('from:admin_certificates').length).toBeGreaterThan(reads),
    );
  });
});
