// Called by the database through pg_net (the MFA verification attempt hook at once, then
// public.send_security_emails every minute), once per attempt at a lock-out e-mail: tells the
// account's owner that wrong codes locked their sign-in. Only the project itself may call it; it
// mails only the lock-out's own user. deliveryHandler claims the attempt and records the outcome.
import { z } from '../_shared/body.ts';
import { deliveryHandler } from '../_shared/email-delivery.ts';
import { lockoutEmail } from '../_shared/security-alert-email.ts';

// public.mfa_lockout_email(lockout_id): every column non-null.
const lockoutSchema = z.object({
  email: z.string().min(3),
  name: z.string(),
  locked_at: z.string(),
  locked_until: z.string(),
});

Deno.serve(
  deliveryHandler(
    { kind: 'mfa_lockout', what: 'lock-out e-mail', job: 'security e-mail job' },
    async ({ db, subjectId: lockoutId, siteUrl, gone }) => {
      const { data: found, error } = await db
        .rpc('mfa_lockout_email', { lockout_id: lockoutId })
        .maybeSingle();
      if (error) throw new Error(`Reading the lock-out failed: ${error.message}`);
      if (!found) return gone('The lock-out or its account is gone.');
      const data = lockoutSchema.parse(found);
      return lockoutEmail({
        to: data.email,
        name: data.name,
        lockedAt: data.locked_at,
        lockedUntil: data.locked_until,
        siteUrl,
      });
    },
  ),
);
