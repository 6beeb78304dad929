// The wording of the assignment reminder and the managers' overdue digest (send-assignment-reminder,
// send-overdue-digest): the module, the organisation and the due date as a London date, the link,
// and every overdue completion listed, escaped in the HTML.
import { describe, expect, it } from 'vitest';
import {
  assignmentReminderEmail,
  overdueDigestEmail,
} from '../../supabase/functions/_shared/assignment-emails.ts';

describe('assignmentReminderEmail', () => {
  it('says what is due when, from whom, and links to the module', () => {
    const mail = assignmentReminderEmail({
      to: 'sam@example.com',
      name: 'Sam Patel',
      module: 'dementia',
      moduleTitle: 'Dementia',
      dueOn: '2026-12-05',
      organisationName: 'Riverside Surgery',
      siteUrl: 'https://revolve.example',
    });
    expect(mail.to).toBe('sam@example.com');
    expect(mail.subject).toBe('Reminder: Dementia is due on 5 December 2026');
    expect(mail.text).toBe(
      [
        'Hello Sam Patel,',
        '',
        'Riverside Surgery assigned you Dementia, due on 5 December 2026.',
        'Start or continue it here: https://revolve.example/unlock/dementia',
        '',
        'The Revolve team',
      ].join('\n'),
    );
    expect(mail.html).toContain('<a href="https://revolve.example/unlock/dementia">');
  });
});

describe('overdueDigestEmail', () => {
  const base = {
    to: 'lead@example.com',
    managerName: 'Dr Alex Morgan',
    organisationName: 'Riverside <Surgery>',
    siteUrl: 'https://revolve.example',
  };

  it('lists every overdue completion with its member and due date', () => {
    const mail = overdueDigestEmail({
      ...base,
      overdue: [
        {
          memberName: 'Sam Patel',
          memberEmail: 'sam@example.com',
          moduleTitle: 'Dementia',
          dueOn: '2026-11-20',
        },
        {
          memberName: '',
          memberEmail: 'jo@example.com',
          moduleTitle: 'Home Visits',
          dueOn: '2026-11-27',
        },
      ],
    });
    expect(mail.subject).toBe('Overdue training at Riverside <Surgery>: 2');
    expect(mail.text).toContain('2 assigned modules are overdue at Riverside <Surgery>.');
    expect(mail.text).toContain('- Sam Patel (sam@example.com): Dementia, due 20 November 2026');
    expect(mail.text).toContain(
      '- jo@example.com (jo@example.com): Home Visits, due 27 November 2026',
    );
    expect(mail.text).toContain("See everyone's progress: https://revolve.example/organisation");
    expect(mail.html).toContain('Riverside &lt;Surgery&gt;');
    expect(mail.html).not.toContain('<Surgery>');
  });

  it('says one module in the singular', () => {
    const mail = overdueDigestEmail({
      ...base,
      overdue: [
        {
          memberName: 'Sam',
          memberEmail: 'sam@example.com',
          moduleTitle: 'Dementia',
          dueOn: '2026-11-20',
        },
      ],
    });
    expect(mail.text).toContain('1 assigned module is overdue');
  });
});
