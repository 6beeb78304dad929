import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkAnswer } from '@/test/certificateServer';
import { renderWithProviders } from '@/test/render';
import { supabaseFake } from '@/test/supabaseFake';
import { cpdTime } from '@shared/cpd.ts';
import {
  formatCertificateCode,
  normaliseCertificateCode,
  verifyPath,
} from '@shared/certificate-code.ts';
import VerifyPage from './VerifyPage';

vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);
vi.mock('@/lib/logger', () => ({ logger: { error: vi.fn(), warn: vi.fn() } }));

const code = 'ABCDEFGHJKLM';

/** The check page at /verify/<typed>, signed out, beside /verify. */
const renderCheck = (typed: string) =>
  renderWithProviders(<VerifyPage />, {
    route: `/verify/${typed}`,
    path: '/verify/:code',
    otherRoutes: { '/verify': <VerifyPage /> },
  });

describe('/verify/:code', () => {
  beforeEach(() => {
    supabaseFake.reset();
  });

  it('says a valid certificate is valid, with whose it is, the module, the date and the time', async () => {
    supabaseFake.answer('rpc:verify_certificate', { data: checkAnswer() });
    renderCheck('abcd-efgh-jklm');
    const result = await screen.findByRole('region', { name: 'Valid certificate' });
    expect(result).toHaveTextContent('Sam Patel');
    expect(result).toHaveTextContent('Dementia');
    expect(result).toHaveTextContent('28 November 2026');
    expect(result).toHaveTextContent(cpdTime(105, false).label);
    expect(result).toHaveTextContent(formatCertificateCode(code));
    // Asked once, by the code as the database keeps it, and without signing in.
    expect(supabaseFake.calls('rpc:verify_certificate')).toHaveLength(1);
    expect(supabaseFake.lastCall('rpc:verify_certificate').args).toEqual({
      code: normaliseCertificateCode('abcd-efgh-jklm'),
    });
  });

  it('says a revoked certificate is not valid, and when it was revoked', async () => {
    supabaseFake.answer('rpc:verify_certificate', {
      data: checkAnswer({ status: 'revoked', revoked_at: '2026-12-01T12:00:00Z' }),
    });
    renderCheck(code);
    const result = await screen.findByRole('region', { name: /Not valid/ });
    expect(result).toHaveTextContent('This certificate was revoked on 1 December 2026.');
    expect(result).toHaveTextContent('Sam Patel');
    expect(screen.queryByText('Valid certificate')).toBeNull();
  });

  it('says a certificate whose holder deleted their account is no longer available, and nothing more', async () => {
    supabaseFake.answer('rpc:verify_certificate', {
      data: checkAnswer({
        status: 'withdrawn',
        holder_name: null,
        module: null,
        module_title: null,
        completed_at: null,
        verified_minutes: null,
      }),
    });
    renderCheck(code);
    const result = await screen.findByRole('region', { name: 'No longer available' });
    expect(result).toHaveTextContent(
      'The holder of this certificate has deleted their Revolve account, so the certificate can no longer be verified.',
    );
    expect(screen.queryByText('Valid certificate')).toBeNull();
    expect(screen.queryByText('Awarded to')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Check another code' })).toBeInTheDocument();
  });

  it('says no certificate has an unknown code, and checks another one typed', async () => {
    supabaseFake.answer('rpc:verify_certificate', {
      data: checkAnswer({
        status: 'not_found',
        holder_name: null,
        module: null,
        module_title: null,
        completed_at: null,
        verified_minutes: null,
      }),
    });
    renderCheck(code);
    const result = await screen.findByRole('region', { name: 'No certificate has this code' });
    expect(result).toHaveTextContent(formatCertificateCode(code));

    const field = screen.getByLabelText('Certificate code');
    expect(field).toHaveValue(code);
    await userEvent.clear(field);
    await userEvent.type(field, 'not a code');
    await userEvent.click(screen.getByRole('button', { name: 'Check certificate' }));
    expect(field).toHaveAccessibleDescription(
      /Enter the 12-character code printed on the certificate/,
    );

    supabaseFake.answer('rpc:verify_certificate', { data: checkAnswer() });
    await userEvent.clear(field);
    await userEvent.type(field, 'qrst uvwx yz23');
    await userEvent.click(screen.getByRole('button', { name: 'Check certificate' }));
    expect(await screen.findByRole('region', { name: 'Valid certificate' })).toBeVisible();
    expect(supabaseFake.lastCall('rpc:verify_certificate').args).toEqual({
      code: normaliseCertificateCode('qrst uvwx yz23'),
    });
    expect(verifyPath(normaliseCertificateCode('qrst uvwx yz23') ?? '')).toMatch(/^\/verify\//);
  });

  it('asks nothing for what cannot be a code', async () => {
    renderCheck('hello');
    expect(
      await screen.findByRole('region', { name: 'No certificate has this code' }),
    ).toBeVisible();
    expect(supabaseFake.calls('rpc:verify_certificate')).toEqual([]);
  });

  it("shows the server's words after too many checks", async () => {
    supabaseFake.answer('rpc:verify_certificate', {
      error: { code: 'PT429', message: 'Too many checks. Please wait a minute and try again.' },
    });
    renderCheck(code);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many checks. Please wait a minute and try again.',
    );
    expect(supabaseFake.calls('rpc:verify_certificate')).toHaveLength(1);
  });

  it('offers to try again when the check fails otherwise', async () => {
    supabaseFake.answer('rpc:verify_certificate', { error: { message: 'Failed to fetch' } });
    renderCheck(code);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not check this certificate just now.');
    supabaseFake.answer('rpc:verify_certificate', { data: checkAnswer() });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Valid certificate' })).toBeVisible();
  });
});

describe('/verify', () => {
  beforeEach(() => {
    supabaseFake.reset();
  });

  it('asks for a code and checks it', async () => {
    supabaseFake.answer('rpc:verify_certificate', { data: checkAnswer() });
    renderWithProviders(<VerifyPage />, {
      route: '/verify',
      path: '/verify',
      otherRoutes: { '/verify/:code': <VerifyPage /> },
    });
    expect(screen.getByRole('heading', { name: 'Check a certificate', level: 1 })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Certificate code'), 'abcd-efgh-jklm');
    await userEvent.click(screen.getByRole('button', { name: 'Check certificate' }));
    expect(await screen.findByRole('region', { name: 'Valid certificate' })).toBeVisible();
  });
});
