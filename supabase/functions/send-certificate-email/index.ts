// Called by public.send_certificate_emails() through pg_net, once per attempt at a certificate's
// e-mail: tells the learner their certificate is ready and where anyone can check it. Only the
// project itself may call it (the secret key in the apikey header, read from Vault); it mails only
// the certificate's own holder, never an address from the request.
//
// Claimed, recorded and keyed by deliveryHandler (_shared/email-delivery.ts), as every e-mail the
// database sends: of two calls for one attempt only one sends, a delivered e-mail is never sent
// again, and a retried attempt whose first try reached the provider mails nothing.
import { certificateEmail } from '../_shared/certificate-email.ts';
import { deliveryHandler } from '../_shared/email-delivery.ts';

Deno.serve(
  deliveryHandler(
    { kind: 'certificate_issued', what: 'certificate e-mail', job: 'certificate job' },
    async ({ db, subjectId: certificateId, userId, siteUrl, gone }) => {
      const { data: certificate, error: certificateError } = await db
        .from('certificates')
        .select('code, module, completed_at, verified_minutes')
        .eq('id', certificateId)
        .is('revoked_at', null)
        .maybeSingle();
      if (certificateError)
        throw new Error(`Reading the certificate failed: ${certificateError.message}`);
      if (!certificate)
        return gone('The certificate was revoked or removed before the e-mail was sent.');
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
      return certificateEmail({
        to: profile.email,
        name: profile.name,
        moduleTitle: module.title,
        completedAt: certificate.completed_at,
        verifiedMinutes: certificate.verified_minutes,
        code: certificate.code,
        siteUrl,
      });
    },
  ),
);
