import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { certificateRow, reflected } from '@/test/certificateServer';
import { renderWithProviders } from '@/test/render';
import { supabaseFake } from '@/test/supabaseFake';
import { cpdTime, creditsLabel } from '../cpd';
import { formatCertificateCode, verifyPath } from '../certificateCode';
import CertificatesPage from './CertificatesPage';

const { toastSuccess, toastError, buildPdf } = vi.hoisted(() => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  buildPdf: vi.fn(),
}));
vi.mock('@/lib/loadSupabase', () =>
  import('@/test/supabaseFake').then((fake) => fake.asLoadSupabase),
);
vi.mock('@/lib/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));
vi.mock('@/lib/logger', () => ({ logger: { error: vi.fn(), warn: vi.fn() } }));
vi.mock('../pdf/buildCertificatePdf', () => ({ buildCertificatePdf: buildPdf }));

const user = { id: 'u1', email: 'sam@example.com' } as User;
const siteUrl = import.meta.env.VITE_SITE_URL;

const renderPage = () =>
  renderWithProviders(<CertificatesPage />, { route: '/certificates', auth: { user } });

/** The certificate's card, by its module's title. */
async function card(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: title, level: 2 });
  const article = heading.closest('article');
  if (!article) throw new Error(`No card for ${title}`);
  return article;
}

async function openReflection(title = 'Dementia', action = 'Add reflection') {
  await userEvent.click(
    within(await card(title)).getByRole('button', { name: `${action}: ${title}` }),
  );
  return screen.findByRole('dialog');
}

describe('/certificates', () => {
  beforeEach(() => {
    supabaseFake.reset();
    toastSuccess.mockReset();
    toastError.mockReset();
    buildPdf.mockReset();
    supabaseFake.answer('from:certificates', { data: [certificateRow()] });
    supabaseFake.answer('from:profiles', { data: { name: 'Sam Patel' } });
  });

  it("shows each certificate's facts, code, verification link and status", async () => {
    supabaseFake.answer('from:certificates', {
      data: [
        certificateRow({ id: 'c2', module: 'chronic-pain', code: 'QRSTUVWXYZ23', ...reflected }),
        certificateRow(),
      ],
    });
    renderPage();
    expect(screen.getByRole('heading', { name: 'My certificates', level: 1 })).toBeVisible();

    const dementia = await card('Dementia');
    expect(dementia).toHaveTextContent('28 Nov 2026');
    expect(dementia).toHaveTextContent(cpdTime(105, false).label);
    // Credits only with a reflection.
    expect(dementia).toHaveTextContent('Add a reflection to count this towards your CPD credits.');
    expect(dementia).toHaveTextContent(formatCertificateCode('ABCDEFGHJKLM'));
    expect(dementia).toHaveTextContent('Valid');
    const url = `${siteUrl}${verifyPath('ABCDEFGHJKLM')}`;
    expect(within(dementia).getByRole('link', { name: url })).toHaveAttribute(
      'href',
      verifyPath('ABCDEFGHJKLM'),
    );

    const chronicPain = await card('Chronic Pain');
    const credits = cpdTime(105, true).credits;
    expect(credits).not.toBeNull();
    expect(chronicPain).toHaveTextContent(creditsLabel(credits ?? 0));
    expect(
      within(chronicPain).getByRole('button', { name: 'Edit reflection: Chronic Pain' }),
    ).toBeVisible();
  });

  it('shows a revoked certificate with its date and reason, without the PDF or a reflection', async () => {
    supabaseFake.answer('from:certificates', {
      data: [
        certificateRow({
          revoked_at: '2026-12-01T12:00:00Z',
          revoked_reason: 'Issued for the wrong learner',
        }),
      ],
    });
    renderPage();
    const dementia = await card('Dementia');
    expect(dementia).toHaveTextContent('Revoked on 1 December 2026');
    expect(dementia).toHaveTextContent('Issued for the wrong learner');
    expect(within(dementia).queryByRole('button', { name: /Download PDF/ })).toBeNull();
    expect(within(dementia).queryByRole('button', { name: /reflection/ })).toBeNull();
    expect(dementia).not.toHaveTextContent('Credits');
  });

  it('says how to earn one when the learner has none', async () => {
    supabaseFake.answer('from:certificates', { data: [] });
    renderPage();
    expect(await screen.findByText(/Complete a module to earn one/)).toBeVisible();
  });

  it('asks for all three parts of a reflection, or none', async () => {
    renderPage();
    const dialog = await openReflection();
    expect(within(dialog).getByRole('heading', { name: 'Add a reflection' })).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('What I learned'), 'Listening first.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reflection' }));

    const application = within(dialog).getByLabelText('How I will apply it');
    const nextSteps = within(dialog).getByLabelText('What I will do next');
    expect(application).toHaveAccessibleDescription(/Fill in this part, or empty all three/);
    expect(application).toHaveAttribute('aria-invalid', 'true');
    expect(nextSteps).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('What I learned')).toHaveAttribute(
      'aria-invalid',
      'false',
    );
    expect(supabaseFake.calls('rpc:save_certificate_reflection')).toEqual([]);
  });

  it('counts the characters of each part and refuses more than 2,000', async () => {
    renderPage();
    const dialog = await openReflection();
    const learned = within(dialog).getByLabelText('What I learned');
    expect(learned).toHaveAccessibleDescription('0 of 2,000 characters');
    await userEvent.click(learned);
    await userEvent.paste('x'.repeat(2001));
    expect(learned).toHaveAccessibleDescription('2,001 of 2,000 characters');
    await userEvent.type(within(dialog).getByLabelText('How I will apply it'), 'Soon.');
    await userEvent.type(within(dialog).getByLabelText('What I will do next'), 'Read.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reflection' }));

    expect(learned).toHaveAccessibleDescription(/Write 2,000 characters or fewer/);
    expect(supabaseFake.calls('rpc:save_certificate_reflection')).toEqual([]);
  });

  it("keeps what was typed and shows the server's refusal", async () => {
    supabaseFake.answer('rpc:save_certificate_reflection', {
      error: { code: '22023', message: 'This certificate has been revoked' },
    });
    renderPage();
    const dialog = await openReflection();
    await userEvent.type(within(dialog).getByLabelText('What I learned'), 'Listening first.');
    await userEvent.type(within(dialog).getByLabelText('How I will apply it'), 'At reviews.');
    await userEvent.type(within(dialog).getByLabelText('What I will do next'), 'Audit.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reflection' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This certificate has been revoked',
    );
    expect(within(dialog).getByLabelText('What I learned')).toHaveValue('Listening first.');
    expect(within(dialog).getByLabelText('How I will apply it')).toHaveValue('At reviews.');
    expect(within(dialog).getByLabelText('What I will do next')).toHaveValue('Audit.');
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('saves the reflection, closes with a toast and shows the credits', async () => {
    supabaseFake.answer('rpc:save_certificate_reflection', {
      data: { ...certificateRow(), ...reflected, revoked_by: null, registration: 'r1' },
    });
    renderPage();
    const dialog = await openReflection();
    await userEvent.type(within(dialog).getByLabelText('What I learned'), '  How to share it. ');
    await userEvent.type(within(dialog).getByLabelText('How I will apply it'), 'In clinic.');
    await userEvent.type(within(dialog).getByLabelText('What I will do next'), 'Read NG97.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reflection' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(supabaseFake.lastCall('rpc:save_certificate_reflection').args).toEqual({
      certificate_id: 'c1',
      learned: 'How to share it.',
      application: 'In clinic.',
      next_steps: 'Read NG97.',
    });
    expect(toastSuccess).toHaveBeenCalledWith('Reflection saved', 'Dementia');
    const dementia = await card('Dementia');
    expect(dementia).toHaveTextContent(creditsLabel(cpdTime(105, true).credits ?? 0));
    expect(
      within(dementia).getByRole('button', { name: 'Edit reflection: Dementia' }),
    ).toBeVisible();
  });

  it('downloads the PDF, made from the record, the outcomes and the holder name', async () => {
    buildPdf.mockResolvedValue(new Uint8Array([37, 80, 68, 70]));
    // jsdom makes no object URLs.
    Object.assign(URL, { createObjectURL: () => 'blob:certificate', revokeObjectURL: () => {} });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderPage();
    await userEvent.click(
      within(await card('Dementia')).getByRole('button', { name: 'Download PDF: Dementia' }),
    );

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe(
      `revolve-certificate-${formatCertificateCode('ABCDEFGHJKLM')}.pdf`,
    );
    expect(buildPdf).toHaveBeenCalledWith(
      expect.objectContaining({
        holderName: 'Sam Patel',
        moduleTitle: 'Dementia',
        code: 'ABCDEFGHJKLM',
        verifiedMinutes: 105,
        reflection: null,
        verifyUrl: `${siteUrl}${verifyPath('ABCDEFGHJKLM')}`,
        learningOutcomes: expect.arrayContaining([
          'Share a diagnosis of dementia clearly, honestly and with compassion.',
        ]) as unknown,
      }),
    );
    expect(toastError).not.toHaveBeenCalled();
  });

  it('says when the PDF could not be made', async () => {
    buildPdf.mockRejectedValue(new Error('font missing'));
    renderPage();
    await userEvent.click(
      within(await card('Dementia')).getByRole('button', { name: 'Download PDF: Dementia' }),
    );
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'The PDF could not be made',
        'Something went wrong while making your certificate. Please try again.',
      ),
    );
  });
});
