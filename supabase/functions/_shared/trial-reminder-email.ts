import { escapeHtml } from './html.ts';
import type { Mail } from './mail.ts';

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

/** The e-mail three days before a trial ends, pointing at /book-demo. */
export function trialReminderEmail(options: {
  to: string;
  name: string;
  expiresAt: string;
  siteUrl: string;
}): Mail {
  const greeting = options.name.trim() ? `Hello ${options.name.trim()},` : 'Hello,';
  const until = longDate.format(new Date(options.expiresAt));
  const demoUrl = new URL('/book-demo', options.siteUrl).href;
  return {
    to: options.to,
    subject: 'Your Revolve trial ends in 3 days',
    text: [
      greeting,
      '',
      `Your trial of the Revolve 360 training library ends on ${until}.`,
      `To keep your team training, book a demo and we will talk through the options: ${demoUrl}`,
      '',
      'The Revolve team',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>Your trial of the Revolve 360 training library ends on <strong>${escapeHtml(until)}</strong>.</p>`,
      `<p>To keep your team training, <a href="${escapeHtml(demoUrl)}">book a demo</a> and we will talk through the options.</p>`,
      '<p>The Revolve team</p>',
    ].join('\n'),
  };
}
