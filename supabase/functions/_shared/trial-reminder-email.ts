import { escapeHtml } from './html.ts';
import type { Mail } from './mail.ts';
import { londonLongDate } from './dates.ts';
import { greeting, type TrialEmailOptions } from './trial-email-parts.ts';

/** The e-mail three days before a trial ends, pointing at /book-demo. */
export function trialReminderEmail(options: TrialEmailOptions): Mail {
  const hello = greeting(options.name);
  const until = londonLongDate(options.expiresAt);
  const demoUrl = new URL('/book-demo', options.siteUrl).href;
  return {
    to: options.to,
    subject: 'Your Revolve trial ends in 3 days',
    text: [
      hello,
      '',
      `Your trial of the Revolve 360 training library ends on ${until}.`,
      `To keep your team training, book a demo and we will talk through the options: ${demoUrl}`,
      '',
      'The Revolve team',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>Your trial of the Revolve 360 training library ends on <strong>${escapeHtml(until)}</strong>.</p>`,
      `<p>To keep your team training, <a href="${escapeHtml(demoUrl)}">book a demo</a> and we will talk through the options.</p>`,
      '<p>The Revolve team</p>',
    ].join('\n'),
  };
}
