import { escapeHtml } from './html.ts';
import type { Mail } from './mail.ts';
import { londonLongDate } from './dates.ts';
import { greeting } from './trial-email-parts.ts';

export interface CertificateEmailOptions {
  to: string;
  name: string;
  moduleTitle: string;
  completedAt: string;
  verifiedMinutes: number;
  code: string;
  siteUrl: string;
}

/** The e-mail when a certificate is issued: where to find it, and where anyone can check it. */
export function certificateEmail(options: CertificateEmailOptions): Mail {
  const hello = greeting(options.name);
  const completed = londonLongDate(options.completedAt);
  const time = `${options.verifiedMinutes} ${options.verifiedMinutes === 1 ? 'minute' : 'minutes'}`;
  const certificatesUrl = new URL('/certificates', options.siteUrl).href;
  const verifyUrl = new URL(`/verify/${options.code}`, options.siteUrl).href;
  return {
    to: options.to,
    subject: `Your Revolve CPD certificate: ${options.moduleTitle}`,
    text: [
      hello,
      '',
      `You completed ${options.moduleTitle} on ${completed}, with ${time} of verified learning. Your CPD certificate is ready.`,
      `Add a reflection to count it towards your CPD credits, and download it: ${certificatesUrl}`,
      `Anyone you show it to can check it at ${verifyUrl}`,
      '',
      'The Revolve team',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>You completed <strong>${escapeHtml(options.moduleTitle)}</strong> on ${escapeHtml(completed)}, with ${escapeHtml(time)} of verified learning. Your CPD certificate is ready.</p>`,
      `<p><a href="${escapeHtml(certificatesUrl)}">Add a reflection and download your certificate</a> (a reflection counts it towards your CPD credits).</p>`,
      `<p>Anyone you show it to can check it at <a href="${escapeHtml(verifyUrl)}">${escapeHtml(verifyUrl)}</a>.</p>`,
      '<p>The Revolve team</p>',
    ].join('\n'),
  };
}
