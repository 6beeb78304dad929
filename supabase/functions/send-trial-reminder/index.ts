// Called by public.send_trial_reminders() through pg_net, once per attempt at a trial's reminder:
// e-mails the user that their trial ends in three days. Only the project itself may call it (the
// secret key in the apikey header, read from Vault); it mails only the trial's own user, never an
// address from the request.
//
// deliveryHandler (_shared/email-delivery.ts) does what every such function does: the attempt is
// claimed in the database before anything is sent, so of two calls for one attempt
// only one sends, and a delivered reminder is never sent again. The outcome is recorded for the
// job: delivered once the mail provider accepted the e-mail, or the provider's error. Every
// attempt at one reminder sends the same idempotency key, so an attempt retried because its
// outcome was never recorded does not mail again (the provider keeps keys for 24 hours; the job's
// five attempts take a few hours).
import { deliveryHandler } from '../_shared/email-delivery.ts';
import { trialReminderEmail } from '../_shared/trial-reminder-email.ts';

Deno.serve(
  deliveryHandler(
    { kind: 'trial_reminder', what: 'reminder', job: 'reminder job' },
    async ({ db, subjectId: trialId, userId, siteUrl, gone }) => {
      const { data: trial, error: trialError } = await db
        .from('active_trial_users')
        .select('email, expires_at')
        .eq('id', trialId)
        .gt('expires_at', new Date().toISOString())
        .maybeSingle();
      if (trialError) throw new Error(`Reading the trial failed: ${trialError.message}`);
      if (!trial) return gone('The trial ended or was removed before the reminder was sent.');
      const { data: profile } = await db
        .from('profiles')
        .select('name')
        .eq('id', userId)
        .maybeSingle();
      return trialReminderEmail({
        to: trial.email,
        name: profile?.name ?? '',
        expiresAt: trial.expires_at,
        siteUrl,
      });
    },
  ),
);
