/**
 * Sends e-mail through an HTTP API with Resend's request shape. Secrets: MAIL_API_KEY and MAIL_FROM
 * (a sender on a verified domain), MAIL_API_URL optionally (Resend's by default).
 */
import { requiredSetting } from './settings.ts';

import type { Mail } from './mail-message.ts';

export type { Mail, MailAttachment } from './mail-message.ts';

export interface MailSettings {
  apiUrl: string;
  apiKey: string;
  from: string;
}

/** Read before the function acts, so a missing setting stops it before anything changes. */
export function mailSettings(): MailSettings {
  return {
    apiUrl: Deno.env.get('MAIL_API_URL')?.trim() || 'https://api.resend.com/emails',
    apiKey: requiredSetting('MAIL_API_KEY'),
    from: requiredSetting('MAIL_FROM'),
  };
}

export interface SendOptions {
  /**
   * Resend's `Idempotency-Key` (1 to 256 characters): within 24 hours a request with the same key
   * and body answers as the first did without sending again, so a retry of an e-mail the provider
   * may already have accepted cannot mail twice. The same key with another body is refused (409
   * `invalid_idempotent_request`). It must name the e-mail, not the attempt.
   */
  idempotencyKey?: string;
}

export async function sendMail(
  settings: MailSettings,
  mail: Mail,
  options: SendOptions = {},
): Promise<void> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${settings.apiKey}`,
  };
  if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
  const response = await fetch(settings.apiUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      from: settings.from,
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.attachments?.length
        ? {
            attachments: mail.attachments.map((attachment) => ({
              filename: attachment.filename,
              content: base64Of(attachment.content),
              content_type: attachment.contentType,
            })),
          }
        : {}),
    }),
  });
  if (!response.ok)
    throw new Error(`Sending e-mail failed with ${response.status}: ${await response.text()}`);
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // In slices: one call with every byte as an argument overflows the stack for a large file.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
