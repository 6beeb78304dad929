import { formatCertificateCode } from './certificate-code.ts';
import { certificatePdfCopy as copy } from './certificate-pdf/copy.ts';
import { cpdTime, creditsLabel, durationLabel } from './cpd.ts';
import { londonLongDate } from './dates.ts';
import { escapeHtml } from './html.ts';
import type { Mail } from './mail.ts';

export interface PortfolioEmailOptions {
  to: string;
  holderName: string;
  moduleTitle: string;
  completedAt: string;
  verifiedMinutes: number;
  reflection: { learned: string; application: string; nextSteps: string } | null;
  code: string;
  siteUrl: string;
  pdf: Uint8Array;
}

/**
 * 'Send to my portfolio': the learning note as an appraisal portfolio takes it by e-mail (the
 * activity, its date and time, the credits and the reflection in the RCGP's three parts), with the
 * certificate's PDF attached and the address anyone can check it at.
 */
export function portfolioEmail(options: PortfolioEmailOptions): Mail {
  const code = formatCertificateCode(options.code);
  const verifyUrl = new URL(`/verify/${options.code}`, options.siteUrl).href;
  const time = cpdTime(options.verifiedMinutes, options.reflection !== null);
  const facts: [string, string][] = [
    ['Activity', `${options.moduleTitle}, a Revolve 360 training module`],
    ['Completed on', londonLongDate(options.completedAt)],
    ['Verified learning time', durationLabel(options.verifiedMinutes)],
    ['CPD time', time.label],
    [
      'CPD credits',
      time.credits === null ? copy.noCredits : copy.credits(creditsLabel(time.credits)),
    ],
    ['Certificate code', code],
  ];
  const reflection: [string, string][] = options.reflection
    ? [
        [copy.reflection.learned, options.reflection.learned],
        [copy.reflection.application, options.reflection.application],
        [copy.reflection.nextSteps, options.reflection.nextSteps],
      ]
    : [];
  const intro = `A learning note from Revolve for ${options.holderName}.`;
  const attached = `The certificate is attached. Anyone can check that it is genuine and still valid at ${verifyUrl}`;
  const why = `${options.holderName} asked Revolve to send this to ${options.to}. If you were not expecting it, you can ignore it.`;
  const paragraphs = (text: string) =>
    text
      .split(/\r?\n/)
      .map((line) => escapeHtml(line))
      .join('<br>');
  return {
    to: options.to,
    subject: `Learning note: ${options.moduleTitle} (Revolve CPD certificate ${code})`,
    text: [
      intro,
      '',
      ...facts.map(([label, value]) => `${label}: ${value}`),
      '',
      ...(reflection.length > 0
        ? [
            `${copy.reflectionHeading}`,
            '',
            ...reflection.flatMap(([label, value]) => [`${label}:`, value, '']),
          ]
        : []),
      attached,
      '',
      why,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<table>${facts
        .map(
          ([label, value]) =>
            `<tr><th scope="row" align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`,
      ...(reflection.length > 0
        ? [
            `<h2>${escapeHtml(copy.reflectionHeading)}</h2>`,
            ...reflection.map(
              ([label, value]) => `<h3>${escapeHtml(label)}</h3><p>${paragraphs(value)}</p>`,
            ),
          ]
        : []),
      `<p>The certificate is attached. Anyone can check that it is genuine and still valid at <a href="${escapeHtml(verifyUrl)}">${escapeHtml(verifyUrl)}</a>.</p>`,
      `<p>${escapeHtml(why)}</p>`,
    ].join('\n'),
    attachments: [
      { filename: copy.fileName(code), contentType: 'application/pdf', content: options.pdf },
    ],
  };
}
