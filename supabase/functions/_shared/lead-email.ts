import { escapeHtml } from './html.ts';
import type { Mail } from './mail-message.ts';

export interface Lead {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * A value for a header line: any line break becomes a space. submit-lead refuses them in one-line
 * fields already; this keeps a header from ever taking another line whoever calls.
 */
function oneLine(value: string): string {
  return value.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ');
}

/** The note to the sales inbox about interest registered on /book-demo. */
export function leadEmail(options: { to: string; lead: Lead; siteUrl: string }): Mail {
  const { lead } = options;
  const name = `${lead.firstName} ${lead.lastName}`;
  const leadsUrl = new URL('/admin/leads', options.siteUrl).href;
  return {
    to: options.to,
    subject: `New interest: ${oneLine(lead.subject)}`,
    text: [
      `${name} <${lead.email}> registered interest on the website.`,
      '',
      `Subject: ${lead.subject}`,
      '',
      lead.message,
      '',
      `Follow it up in the admin dashboard: ${leadsUrl}`,
    ].join('\n'),
    html: [
      `<p><strong>${escapeHtml(name)}</strong> &lt;${escapeHtml(lead.email)}&gt; registered interest on the website.</p>`,
      `<p>Subject: ${escapeHtml(lead.subject)}</p>`,
      `<p style="white-space: pre-wrap">${escapeHtml(lead.message)}</p>`,
      `<p><a href="${escapeHtml(leadsUrl)}">Follow it up in the admin dashboard</a></p>`,
    ].join('\n'),
  };
}
