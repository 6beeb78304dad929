// The admin dashboard's "Test Email Function": sends the trial-activated e-mail for the given
// details to the fixed test recipient (TEST_EMAIL_RECIPIENT), never to the address in the body.
import { requireAdmin } from '../_shared/admin.ts';
import { readBody, z } from '../_shared/body.ts';
import { handle, HttpError, json } from '../_shared/http.ts';
import { sendMail } from '../_shared/mail.ts';
import { trialActivatedEmail } from '../_shared/trial-activated-email.ts';

const schema = z.object({
  email: z.email({ error: 'must be an e-mail address' }),
  name: z.string().max(100, { error: 'must be at most 100 characters' }),
  expires_at: z.iso.datetime({ offset: true, error: 'must be an ISO date and time' }),
});

Deno.serve(
  handle(async (request) => {
    await requireAdmin(request);
    const { name, expires_at } = await readBody(request, schema);
    // Locally every message lands in the mailbox, so a default recipient is harmless there.
    const recipient =
      Deno.env.get('TEST_EMAIL_RECIPIENT') ??
      (Deno.env.get('MAILBOX_URL') ? 'test-recipient@example.com' : undefined);
    if (!recipient) throw new HttpError(500, 'TEST_EMAIL_RECIPIENT is not configured.');
    try {
      await sendMail(
        trialActivatedEmail({
          to: recipient,
          name,
          expiresAt: expires_at,
          siteUrl: Deno.env.get('SITE_URL') ?? 'http://localhost:5173',
        }),
      );
    } catch (error) {
      console.error(error);
      throw new HttpError(502, 'Failed to send test email.');
    }
    return json({ sent_to: recipient });
  }),
);
