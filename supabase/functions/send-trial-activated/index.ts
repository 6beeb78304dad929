// The admin dashboard's "Test Email Function": sends the trial-activated e-mail for the given
// details to the fixed test recipient (TEST_EMAIL_RECIPIENT), never to the address in the body.
import { requireAdmin } from '../_shared/admin.ts';
import { readBody, z } from '../_shared/body.ts';
import { handle, HttpError, json } from '../_shared/http.ts';
import { mailSettings, sendMail } from '../_shared/mail.ts';
import { requiredSetting } from '../_shared/settings.ts';
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
    const recipient = requiredSetting('TEST_EMAIL_RECIPIENT');
    const mail = mailSettings();
    const siteUrl = requiredSetting('SITE_URL');
    try {
      await sendMail(
        mail,
        trialActivatedEmail({
          to: recipient,
          name,
          expiresAt: expires_at,
          siteUrl,
        }),
      );
    } catch (error) {
      console.error(error);
      throw new HttpError(502, 'Failed to send test email.');
    }
    return json({ sent_to: recipient });
  }),
);
