import { escapeHtml } from './html.ts';
import type { Mail } from './mail-message.ts';
import { greeting } from './trial-email-parts.ts';

const londonTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

export interface LockoutEmailOptions {
  to: string;
  name: string;
  /** When the fifth wrong code came, and when codes are accepted again (ISO timestamps). */
  lockedAt: string;
  lockedUntil: string;
  siteUrl: string;
}

/**
 * Tells an account's owner that wrong two-step verification codes locked their sign-in: if it was
 * not them, someone has their password, so the e-mail says how to change it.
 */
export function lockoutEmail(options: LockoutEmailOptions): Mail {
  const hello = greeting(options.name);
  const at = londonTime.format(new Date(options.lockedAt));
  const until = londonTime.format(new Date(options.lockedUntil));
  const resetUrl = new URL('/forgot-password', options.siteUrl).href;
  const happened = `Five incorrect codes from your authenticator app were entered when signing in to your Revolve account, the last at ${at} (UK time). For your security, codes are refused until ${until}.`;
  const ifYou = 'If this was you, wait until then and sign in again.';
  const ifNot =
    'If it was not you, someone knows your password. Change it now, and tell us by replying to this e-mail:';
  return {
    to: options.to,
    subject: 'Sign-in to your Revolve account was locked',
    text: [hello, '', happened, '', ifYou, `${ifNot} ${resetUrl}`, '', 'The Revolve team'].join(
      '\n',
    ),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(happened)}</p>`,
      `<p>${escapeHtml(ifYou)}</p>`,
      `<p>${escapeHtml(ifNot)} <a href="${escapeHtml(resetUrl)}">change your password</a>.</p>`,
      '<p>The Revolve team</p>',
    ].join('\n'),
  };
}
