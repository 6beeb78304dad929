// Called by public.send_organisation_reminders() through pg_net, once per attempt at a manager's
// weekly digest: e-mails the organisation's overdue completions as they are when it is sent. Only
// the project itself may call it; it mails only the digest's own manager.
// deliveryHandler (_shared/email-delivery.ts) claims the attempt first and records the outcome.
import { overdueDigestEmail } from '../_shared/assignment-emails.ts';
import { z } from '../_shared/body.ts';
import { deliveryHandler } from '../_shared/email-delivery.ts';

// public.overdue_digest_email(digest_id): returns table, every column non-null.
const digestSchema = z.array(
  z.object({
    email: z.string().min(3),
    manager_name: z.string(),
    organisation_name: z.string(),
    member_name: z.string(),
    member_email: z.string(),
    module_title: z.string(),
    due_on: z.string(),
  }),
);

Deno.serve(
  deliveryHandler(
    { kind: 'overdue_digest', what: 'overdue digest', job: 'reminder job' },
    async ({ db, subjectId: digestId, siteUrl, gone }) => {
      const { data: found, error } = await db.rpc('overdue_digest_email', { digest_id: digestId });
      if (error) throw new Error(`Reading the digest failed: ${error.message}`);
      const data = digestSchema.parse(found);
      const [first] = data;
      if (!first) return gone('Nothing is overdue any more.');
      return overdueDigestEmail({
        to: first.email,
        managerName: first.manager_name,
        organisationName: first.organisation_name,
        overdue: data.map((row) => ({
          memberName: row.member_name,
          memberEmail: row.member_email,
          moduleTitle: row.module_title,
          dueOn: row.due_on,
        })),
        siteUrl,
      });
    },
  ),
);
