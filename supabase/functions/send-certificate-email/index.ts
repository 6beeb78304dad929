// Called by public.send_certificate_emails() through pg_net, once per attempt at a certificate's
// e-mail: tells the learner their certificate is ready and where anyone can check it. Only the
// project itself may call it (the secret key in the apikey header, read from Vault); it mails only
// the certificate's own holder, never an address from the request.
//
// Claimed, recorded and keyed exactly as send-trial-reminder is (see there): of two calls for one
// attempt only one sends, a delivered e-mail is never sent again, and a retried attempt whose
// first try reached the provider mails nothing.
import { createClient } from '@supabase/supabase-js';
import { certificateEmail } from '../_shared/certificate-email.ts';
import { claimDelivery, readDeliveryRequest } from '../_shared/email-delivery.ts';
import { handle, HttpError, json } from '../_shared/http.ts';
import { secretKey } from '../_shared/keys.ts';
import { mailSettings, sendMail } from '../_shared/mail.ts';
import { requiredSetting } from '../_shared/settings.ts';

Deno.serve(
  handle(async (request) => {
    const delivery = await readDeliveryRequest(request, 'certificate job');
    const mail = mailSettings();
    const siteUrl = requiredSetting('SITE_URL');
    const db = createClient(requiredSetting('SUPABASE_URL'), secretKey(), {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const {
      subjectId: certificateId,
      userId,
      record,
    } = await claimDelivery(db, 'certificate_issued', 'e-mail', delivery);

    const { data: certificate, error: certificateError } = await db
      .from('certificates')
      .select('code, module, completed_at, verified_minutes')
      .eq('id', certificateId)
      .is('revoked_at', null)
      .maybeSingle();
    if (certificateError)
      throw new Error(`Reading the certificate failed: ${certificateError.message}`);
    if (!certificate) {
      await record('The certificate was revoked or removed before the e-mail was sent.');
      throw new HttpError(409, 'The certificate was revoked or removed; nothing was sent.');
    }
    const [{ data: profile, error: profileError }, { data: module, error: moduleError }] =
      await Promise.all([
        db.from('profiles').select('name, email').eq('id', userId).single(),
        db.from('learning_modules').select('title').eq('slug', certificate.module).single(),
      ]);
    if (profileError || moduleError) {
      throw new Error(
        `Reading the holder or module failed: ${(profileError ?? moduleError)?.message}`,
      );
    }

    try {
      await sendMail(
        mail,
        certificateEmail({
          to: profile.email,
          name: profile.name,
          moduleTitle: module.title,
          completedAt: certificate.completed_at,
          verifiedMinutes: certificate.verified_minutes,
          code: certificate.code,
          siteUrl,
        }),
        { idempotencyKey: `certificate-issued/${delivery.delivery_id}` },
      );
    } catch (mailError) {
      console.error(mailError);
      await record(mailError instanceof Error ? mailError.message : String(mailError));
      throw new HttpError(502, 'Sending the certificate e-mail failed.');
    }
    await record(null);
    return json({ sent_to: profile.email });
  }),
);
