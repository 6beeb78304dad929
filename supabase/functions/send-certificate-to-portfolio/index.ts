// Called by public.send_certificate_emails() through pg_net, once per attempt at a learner's
// 'Send to my portfolio': makes the certificate's PDF and mails it, with the learning note in the
// body, to the address the learner gave (public.certificate_portfolio_sends). Only the project
// itself may call it (the secret key in the apikey header, read from Vault), and it mails only the
// address the learner's own request recorded.
//
// Claimed, recorded and keyed exactly as send-trial-reminder is (see there): of two calls for one
// attempt only one sends, a delivered e-mail is never sent again, and a retried attempt whose
// first try reached the provider mails nothing (the PDF is the same bytes each time).
import { createClient } from '@supabase/supabase-js';
import { buildCertificatePdf } from '../_shared/certificate-pdf/build.ts';
import { claimDelivery, readDeliveryRequest } from '../_shared/email-delivery.ts';
import { handle, HttpError, json } from '../_shared/http.ts';
import { secretKey } from '../_shared/keys.ts';
import { mailSettings, sendMail } from '../_shared/mail.ts';
import { portfolioEmail } from '../_shared/portfolio-email.ts';
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
      subjectId: sendId,
      userId,
      record,
    } = await claimDelivery(db, 'certificate_portfolio', 'portfolio e-mail', delivery);

    const { data: send, error: sendError } = await db
      .from('certificate_portfolio_sends')
      .select('recipient, certificate_id')
      .eq('id', sendId)
      .maybeSingle();
    if (sendError) throw new Error(`Reading the send failed: ${sendError.message}`);
    // A send goes with its certificate (on delete cascade): without one, neither is left.
    if (!send) {
      await record('The certificate was removed before the e-mail was sent.');
      throw new HttpError(409, 'The certificate was removed; nothing was sent.');
    }
    const { data: certificate, error: certificateError } = await db
      .from('certificates')
      .select(
        'code, module, completed_at, issued_at, verified_minutes, reflection_learned, reflection_application, reflection_next_steps',
      )
      .eq('id', send.certificate_id)
      .is('revoked_at', null)
      .maybeSingle();
    if (certificateError)
      throw new Error(`Reading the certificate failed: ${certificateError.message}`);
    if (!certificate) {
      await record('The certificate was revoked before the e-mail was sent.');
      throw new HttpError(409, 'The certificate was revoked; nothing was sent.');
    }
    const [{ data: profile, error: profileError }, { data: module, error: moduleError }] =
      await Promise.all([
        db.from('profiles').select('name').eq('id', userId).single(),
        db
          .from('learning_modules')
          .select('title, learning_outcomes')
          .eq('slug', certificate.module)
          .single(),
      ]);
    if (profileError || moduleError) {
      throw new Error(
        `Reading the holder or module failed: ${(profileError ?? moduleError)?.message}`,
      );
    }
    const {
      reflection_learned: learned,
      reflection_application: application,
      reflection_next_steps: nextSteps,
    } = certificate;
    const reflection =
      learned !== null && application !== null && nextSteps !== null
        ? { learned, application, nextSteps }
        : null;
    const pdf = await buildCertificatePdf({
      holderName: profile.name,
      moduleTitle: module.title,
      learningOutcomes: module.learning_outcomes,
      completedAt: certificate.completed_at,
      issuedAt: certificate.issued_at,
      verifiedMinutes: certificate.verified_minutes,
      reflection,
      code: certificate.code,
      verifyUrl: new URL(`/verify/${certificate.code}`, siteUrl).href,
    });

    try {
      await sendMail(
        mail,
        portfolioEmail({
          to: send.recipient,
          holderName: profile.name,
          moduleTitle: module.title,
          completedAt: certificate.completed_at,
          verifiedMinutes: certificate.verified_minutes,
          reflection,
          code: certificate.code,
          siteUrl,
          pdf,
        }),
        { idempotencyKey: `certificate-portfolio/${delivery.delivery_id}` },
      );
    } catch (mailError) {
      console.error(mailError);
      await record(mailError instanceof Error ? mailError.message : String(mailError));
      throw new HttpError(502, 'Sending the portfolio e-mail failed.');
    }
    await record(null);
    return json({ sent_to: send.recipient });
  }),
);
