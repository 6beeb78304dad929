import { escapeHtml } from './html.ts';
import type { Mail } from './mail.ts';

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

/** The e-mail that tells a user their 30-day trial is active. */
export function trialActivatedEmail(options: {
  to: string;
  name: string;
  expiresAt: string;
  siteUrl: string;
}): Mail {
  const greeting = options.name.trim() ? `Hello ${options.name.trim()},` : 'Hello,';
  const until = longDate.format(new Date(options.expiresAt));
  const libraryUrl = new URL('/training-library-trial', options.siteUrl).href;
  return {
    to: options.to,
    subject: 'Your Revolve trial is active',
    text: [
      greeting,
      '',
      `Your 30-day trial of the Revolve 360 training library is active until ${until}.`,
      `Open your Trial Training Library: ${libraryUrl}`,
      '',
      'The Revolve team',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>Your 30-day trial of the Revolve 360 training library is active until <strong>${escapeHtml(until)}</strong>.</p>`,
      `<p><a href="${escapeHtml(libraryUrl)}">Open your Trial Training Library</a></p>`,
      '<p>The Revolve team</p>',
    ].join('\n'),
  };
}
