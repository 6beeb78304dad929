/**
 * Sends e-mail. Locally (MAILBOX_URL, set by the local backend) every message goes to the mailbox;
 * in production through an HTTP e-mail API configured by secrets: MAIL_API_URL (default Resend's),
 * MAIL_API_KEY and MAIL_FROM.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function sendMail(mail: Mail): Promise<void> {
  const mailbox = Deno.env.get('MAILBOX_URL');
  const from = Deno.env.get('MAIL_FROM') ?? 'Revolve <no-reply@revolve.example>';
  const response = mailbox
    ? await fetch(`${mailbox}/api/v1/send`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...mail, from }),
      })
    : await fetch(Deno.env.get('MAIL_API_URL') ?? 'https://api.resend.com/emails', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${requiredSecret('MAIL_API_KEY')}`,
        },
        body: JSON.stringify({
          from,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        }),
      });
  if (!response.ok)
    throw new Error(`Sending e-mail failed with ${response.status}: ${await response.text()}`);
}

function requiredSecret(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not configured`);
  return value;
}
