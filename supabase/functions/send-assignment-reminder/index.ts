// Called by public.send_organisation_reminders() through pg_net, once per attempt at a reminder:
// e-mails a learner that a module their organisation assigned them is due (7 days or 1 day
// before). Only the project itself may call it; it mails only the reminder's own learner.
// deliveryHandler (_shared/email-delivery.ts) claims the attempt first and records the outcome.
import { assignmentReminderEmail } from '../_shared/assignment-emails.ts';
import { z } from '../_shared/body.ts';
import { deliveryHandler } from '../_shared/email-delivery.ts';

// public.assignment_reminder_email(reminder_id): returns table, every column non-null.
const reminderSchema = z.object({
  email: z.string().min(3),
  name: z.string(),
  module: z.string(),
  module_title: z.string(),
  due_on: z.string(),
  organisation_name: z.string(),
});

Deno.serve(
  deliveryHandler(
    { kind: 'assignment_reminder', what: 'assignment reminder', job: 'reminder job' },
    async ({ db, subjectId: reminderId, siteUrl, gone }) => {
      const { data: found, error } = await db
        .rpc('assignment_reminder_email', { reminder_id: reminderId })
        .maybeSingle();
      if (error) throw new Error(`Reading the reminder failed: ${error.message}`);
      if (!found) return gone('The reminder or its assignment is gone.');
      const data = reminderSchema.parse(found);
      return assignmentReminderEmail({
        to: data.email,
        name: data.name,
        module: data.module,
        moduleTitle: data.module_title,
        dueOn: data.due_on,
        organisationName: data.organisation_name,
        siteUrl,
      });
    },
  ),
);
