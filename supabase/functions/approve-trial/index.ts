// Approves a pending trial request: the database grants 30 days and notifies the user in one
// transaction; this function then e-mails the user that their trial is active.
import { actionError, requireAdmin } from '../_shared/admin.ts';
import { readBody, z } from '../_shared/body.ts';
import { handle, json } from '../_shared/http.ts';
import { mailSettings, sendMail } from '../_shared/mail.ts';
import { requiredSetting } from '../_shared/settings.ts';
import { trialActivatedEmail } from '../_shared/trial-activated-email.ts';

const schema = z.object({
  trial_id: z.uuid({ error: 'must be the id of a trial request' }),
  email: z.email({ error: 'must be an e-mail address' }),
});

Deno.serve(
  handle(async (request) => {
    const { db } = await requireAdmin(request);
    const { trial_id } = await readBody(request, schema);
    const mail = mailSettings();
    const siteUrl = requiredSetting('SITE_URL');
    const { data: trial, error } = await db.rpc('approve_trial', { trial_id });
    if (error) throw actionError(error, 'Failed to approve trial.');
    const granted = trial as { user_id: string; email: string; expires_at: string };
    const { data: profile } = await db
      .from('profiles')
      .select('name')
      .eq('id', granted.user_id)
      .maybeSingle();
    let emailSent = true;
    try {
      await sendMail(
        mail,
        trialActivatedEmail({
          to: granted.email,
          name: profile?.name ?? '',
          expiresAt: granted.expires_at,
          siteUrl,
        }),
      );
    } catch (mailError) {
      // The trial is granted and the user notified in the app; a failed e-mail does not undo that.
      console.error(mailError);
      emailSent = false;
    }
    return json({ trial: granted, email_sent: emailSent });
  }),
);
