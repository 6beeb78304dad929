import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { certificateRow, reflected } from '@/test/certificateServer';
import { renderWithProviders } from '@/test/render';
import { supabaseFake } from '@/test/supabaseFake';
import { cpdTime, creditsLabel } from '@shared/cpd.ts';
import { formatCertificateCode, verifyPath } from '@shared/certificate-code.ts';
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
vi.mock('@shared/certificate-pdf/build.ts', () => ({ buildCertificatePdf: buildPdf }));

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
    supabaseFake.answer('rpc:my_portfolio_sends', { data: [] });
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

  describe('send to my portfolio', () => {
    const sent = (status: string, recipient = 'sam.patel@fourteenfish.example') => ({
      id: `s-${status}`,
      certificate_id: 'c1',
      recipient,
      requested_at: '2026-11-28T10:15:00Z',
      status,
    });

    async function openSend() {
      await userEvent.click(
        within(await card('Dementia')).getByRole('button', {
          name: 'Send to my portfolio: Dementia',
        }),
      );
      return screen.findByRole('dialog');
    }

    it('lists where the certificate was sent and how each send went', async () => {
      supabaseFake.answer('rpc:my_portfolio_sends', {
        data: [sent('failed', 'old@example.com'), sent('sent'), sent('retrying', 'x@example.com')],
      });
      renderPage();
      const sends = within(await card('Dementia')).getByRole('region', {
        name: 'Sent to a portfolio',
      });
      const items = await within(sends).findAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        'old@example.com, 28 Nov 2026, 10:15Not sent',
        'sam.patel@fourteenfish.example, 28 Nov 2026, 10:15Sent',
        'x@example.com, 28 Nov 2026, 10:15Not sent yet: trying again',
      ]);
    });

    it('starts from the last address used, and says when there is no reflection to send', async () => {
      supabaseFake.answer('rpc:my_portfolio_sends', { data: [sent('sent')] });
      renderPage();
      await within(await card('Dementia')).findByText('sam.patel@fourteenfish.example', {
        exact: false,
      });
      const dialog = await openSend();
      expect(within(dialog).getByRole('heading', { name: 'Send to my portfolio' })).toBeVisible();
      expect(within(dialog).getByLabelText('Send to')).toHaveValue(
        'sam.patel@fourteenfish.example',
      );
      expect(dialog).toHaveTextContent('You have not added a reflection yet');
    });

    it('checks the address before sending', async () => {
      renderPage();
      const dialog = await openSend();
      const address = within(dialog).getByLabelText('Send to');
      await userEvent.type(address, 'not an address');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send certificate' }));
      expect(address).toHaveAccessibleDescription(/Enter a valid email address/);
      expect(supabaseFake.calls('rpc:send_certificate_to_portfolio')).toEqual([]);
    });

    it("keeps the address and shows the server's refusal", async () => {
      supabaseFake.answer('rpc:send_certificate_to_portfolio', {
        error: {
          code: 'PT429',
          message: 'You can send 5 certificates an hour. Please try again later.',
        },
      });
      renderPage();
      const dialog = await openSend();
      await userEvent.type(within(dialog).getByLabelText('Send to'), 'inbox@example.com');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send certificate' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'You can send 5 certificates an hour. Please try again later.',
      );
      expect(within(dialog).getByLabelText('Send to')).toHaveValue('inbox@example.com');
      expect(toastSuccess).not.toHaveBeenCalled();
    });

    it('sends, closes with a toast, and shows the send on its way', async () => {
      supabaseFake.answer('rpc:send_certificate_to_portfolio', {
        data: { ...sent('sending', 'inbox@example.com'), user_id: 'u1' },
      });
      renderPage();
      const dialog = await openSend();
      await userEvent.type(within(dialog).getByLabelText('Send to'), '  inbox@example.com ');
      supabaseFake.answer('rpc:my_portfolio_sends', {
        data: [sent('sending', 'inbox@example.com')],
      });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send certificate' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(supabaseFake.lastCall('rpc:send_certificate_to_portfolio').args).toEqual({
        certificate_id: 'c1',
        recipient: 'inbox@example.com',
      });
      expect(toastSuccess).toHaveBeenCalledWith(
        'Certificate on its way',
        'We are sending it to inbox@example.com.',
      );
      expect(await card('Dementia')).toHaveTextContent(
        'inbox@example.com, 28 Nov 2026, 10:15Sending',
      );
    });
  });
});
