// Called by public.send_trial_reminders() through pg_net, once per trial it has just reminded:
// e-mails the user that their trial ends in three days. Only the database's scheduled job may call
// it (the service role key, from Vault); it mails only the trial's own user, never an address
// from the request.
import { createClient } from '@supabase/supabase-js';
import { readBody, z } from '../_shared/body.ts';
import { handle, HttpError, json } from '../_shared/http.ts';
import { mailSettings, sendMail } from '../_shared/mail.ts';
import { requiredSetting } from '../_shared/settings.ts';
import { trialReminderEmail } from '../_shared/trial-reminder-email.ts';

const schema = z.object({
  trial_id: z.uuid({ error: 'must be the id of an active trial' }),
});

async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return a.every((byte, index) => byte === b[index]);
}

Deno.serve(
  handle(async (request) => {
    const serviceKey = requiredSetting('SUPABASE_SERVICE_ROLE_KEY');
    const authorization = request.headers.get('Authorization') ?? '';
    if (!(await sameSecret(authorization, `Bearer ${serviceKey}`))) {
      throw new HttpError(401, 'Only the scheduled reminder job may call this function.');
    }
    const { trial_id } = await readBody(request, schema);
    const mail = mailSettings();
    const siteUrl = requiredSetting('SITE_URL');
    const db = createClient(requiredSetting('SUPABASE_URL'), serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { data: trial, error } = await db
      .from('active_trial_users')
      .select('user_id, email, expires_at, reminder_sent_at')
      .eq('id', trial_id)
      .maybeSingle();
    if (error) throw new Error(`Reading the trial failed: ${error.message}`);
    if (!trial?.reminder_sent_at) throw new HttpError(404, 'No reminded trial has this id.');
    const { data: profile } = await db
      .from('profiles')
      .select('name')
      .eq('id', trial.user_id)
      .maybeSingle();
    try {
      await sendMail(
        mail,
        trialReminderEmail({
          to: trial.email,
          name: profile?.name ?? '',
          expiresAt: trial.expires_at,
          siteUrl,
        }),
      );
    } catch (mailError) {
      console.error(mailError);
      throw new HttpError(502, 'Sending the reminder e-mail failed.');
    }
    return json({ sent_to: trial.email });
  }),
);
