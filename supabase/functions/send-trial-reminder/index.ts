// Called by public.send_trial_reminders() through pg_net, once per attempt at a trial's reminder:
// e-mails the user that their trial ends in three days. Only the project itself may call it (the
// secret key in the apikey header, read from Vault); it mails only the trial's own user, never an
// address from the request.
//
// The attempt is claimed in the database before anything is sent, so of two calls for one attempt
// only one sends, and a delivered reminder is never sent again. The outcome is recorded for the
// job: delivered once the mail provider accepted the e-mail, or the provider's error. Every
// attempt at one reminder sends the same idempotency key, so an attempt retried because its
// outcome was never recorded does not mail again (the provider keeps keys for 24 hours; the job's
// five attempts take a few hours).
import { createClient } from '@supabase/supabase-js';
import { claimDelivery, readDeliveryRequest } from '../_shared/email-delivery.ts';
import { handle, HttpError, json } from '../_shared/http.ts';
import { secretKey } from '../_shared/keys.ts';
import { mailSettings, sendMail } from '../_shared/mail.ts';
import { requiredSetting } from '../_shared/settings.ts';
import { trialReminderEmail } from '../_shared/trial-reminder-email.ts';

Deno.serve(
  handle(async (request) => {
    const delivery = await readDeliveryRequest(request, 'reminder job');
    const mail = mailSettings();
    const siteUrl = requiredSetting('SITE_URL');
    const db = createClient(requiredSetting('SUPABASE_URL'), secretKey(), {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const {
      subjectId: trialId,
      userId,
      record,
    } = await claimDelivery(db, 'trial_reminder', 'reminder', delivery);

    const { data: trial, error: trialError } = await db
      .from('active_trial_users')
      .select('email, expires_at')
      .eq('id', trialId)
      .gt('expires_at', new Date().toISOString())
      .maybeSingle();
    if (trialError) throw new Error(`Reading the trial failed: ${trialError.message}`);
    if (!trial) {
      await record('The trial ended or was removed before the reminder was sent.');
      throw new HttpError(409, 'The trial ended or was removed; nothing was sent.');
    }
    const { data: profile } = await db
      .from('profiles')
      .select('name')
      .eq('id', userId)
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
        // Named by the delivery, not the attempt: when an attempt crashed after the provider
        // accepted the e-mail, the retry's send answers as the first did and mails nothing.
        { idempotencyKey: `trial-reminder/${delivery.delivery_id}` },
      );
    } catch (mailError) {
      console.error(mailError);
      await record(mailError instanceof Error ? mailError.message : String(mailError));
      throw new HttpError(502, 'Sending the reminder e-mail failed.');
    }
    await record(null);
    return json({ sent_to: trial.email });
  }),
);
