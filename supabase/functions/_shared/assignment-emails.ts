import { escapeHtml } from './html.ts';
import type { Mail } from './mail-message.ts';
import { londonLongDate } from './dates.ts';
import { greeting } from './trial-email-parts.ts';

export interface AssignmentReminderOptions {
  to: string;
  name: string;
  module: string;
  moduleTitle: string;
  /** The due date, YYYY-MM-DD (a day in London). */
  dueOn: string;
  organisationName: string;
  siteUrl: string;
}

/** The reminder 7 days or 1 day before an assigned module is due, to a learner who has not completed it. */
export function assignmentReminderEmail(options: AssignmentReminderOptions): Mail {
  const hello = greeting(options.name);
  const due = londonLongDate(options.dueOn);
  const startUrl = new URL(`/unlock/${options.module}`, options.siteUrl).href;
  return {
    to: options.to,
    subject: `Reminder: ${options.moduleTitle} is due on ${due}`,
    text: [
      hello,
      '',
      `${options.organisationName} assigned you ${options.moduleTitle}, due on ${due}.`,
      `Start or continue it here: ${startUrl}`,
      '',
      'The Revolve team',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(options.organisationName)} assigned you <strong>${escapeHtml(options.moduleTitle)}</strong>, due on <strong>${escapeHtml(due)}</strong>.</p>`,
      `<p><a href="${escapeHtml(startUrl)}">Start or continue it</a>.</p>`,
      '<p>The Revolve team</p>',
    ].join('\n'),
  };
}

export interface OverdueRow {
  memberName: string;
  memberEmail: string;
  moduleTitle: string;
  dueOn: string;
}

export interface OverdueDigestOptions {
  to: string;
  managerName: string;
  organisationName: string;
  overdue: OverdueRow[];
  siteUrl: string;
}

/** A manager's weekly list of their members' overdue completions. */
export function overdueDigestEmail(options: OverdueDigestOptions): Mail {
  const hello = greeting(options.managerName);
  const pageUrl = new URL('/organisation', options.siteUrl).href;
  const count = options.overdue.length;
  const summary = `${count} assigned ${count === 1 ? 'module is' : 'modules are'} overdue at ${options.organisationName}.`;
  const line = (row: OverdueRow) =>
    `${row.memberName || row.memberEmail} (${row.memberEmail}): ${row.moduleTitle}, due ${londonLongDate(row.dueOn)}`;
  return {
    to: options.to,
    subject: `Overdue training at ${options.organisationName}: ${count}`,
    text: [
      hello,
      '',
      summary,
      '',
      ...options.overdue.map((row) => `- ${line(row)}`),
      '',
      `See everyone's progress: ${pageUrl}`,
      '',
      'The Revolve team',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(summary)}</p>`,
      `<ul>${options.overdue.map((row) => `<li>${escapeHtml(line(row))}</li>`).join('')}</ul>`,
      `<p><a href="${escapeHtml(pageUrl)}">See everyone's progress</a>.</p>`,
      '<p>The Revolve team</p>',
    ].join('\n'),
  };
}
