// Called by public.send_certificate_emails() through pg_net, once per attempt at a learner's
// 'Send to my portfolio': makes the certificate's PDF and mails it, with the learning note in the
// body, to the address the learner gave (public.certificate_portfolio_sends). Only the project
// itself may call it (the secret key in the apikey header, read from Vault), and it mails only the
// address the learner's own request recorded.
//
// Claimed, recorded and keyed by deliveryHandler (_shared/email-delivery.ts), as every e-mail the
// database sends: of two calls for one attempt only one sends, a delivered e-mail is never sent
// again, and a retried attempt whose first try reached the provider mails nothing (the PDF is the same bytes each time).
import { buildCertificatePdf } from '../_shared/certificate-pdf/build.ts';
import { deliveryHandler } from '../_shared/email-delivery.ts';
import { portfolioEmail } from '../_shared/portfolio-email.ts';

Deno.serve(
  deliveryHandler(
    { kind: 'certificate_portfolio', what: 'portfolio e-mail', job: 'certificate job' },
    async ({ db, subjectId: sendId, userId, siteUrl, gone }) => {
      const { data: send, error: sendError } = await db
        .from('certificate_portfolio_sends')
        .select('recipient, certificate_id')
        .eq('id', sendId)
        .maybeSingle();
      if (sendError) throw new Error(`Reading the send failed: ${sendError.message}`);
      // A send goes with its certificate (on delete cascade): without one, neither is left.
      if (!send) return gone('The certificate was removed before the e-mail was sent.');
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
      if (!certificate) return gone('The certificate was revoked before the e-mail was sent.');
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
      return portfolioEmail({
        to: send.recipient,
        holderName: profile.name,
        moduleTitle: module.title,
        completedAt: certificate.completed_at,
        verifiedMinutes: certificate.verified_minutes,
        reflection,
        code: certificate.code,
        siteUrl,
        pdf,
      });
    },
  ),
);
