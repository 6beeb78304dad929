import { escapeHtml } from './html.ts';
import type { Mail } from './mail.ts';
import { londonLongDate } from './dates.ts';
import { greeting, type TrialEmailOptions } from './trial-email-parts.ts';

/** The e-mail that tells a user their 30-day trial is active. */
export function trialActivatedEmail(options: TrialEmailOptions): Mail {
  const hello = greeting(options.name);
  const until = londonLongDate(options.expiresAt);
  const libraryUrl = new URL('/training-library-trial', options.siteUrl).href;
  return {
    to: options.to,
    subject: 'Your Revolve trial is active',
    text: [
      hello,
      '',
      `Your 30-day trial of the Revolve 360 training library is active until ${until}.`,
      `Open your Trial Training Library: ${libraryUrl}`,
      '',
      'The Revolve team',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>Your 30-day trial of the Revolve 360 training library is active until <strong>${escapeHtml(until)}</strong>.</p>`,
      `<p><a href="${escapeHtml(libraryUrl)}">Open your Trial Training Library</a></p>`,
      '<p>The Revolve team</p>',
    ].join('\n'),
  };
}
