// The lock-out alert (send-security-alert): when, in UK time, until when, and what to do if it was
// not the owner, with the name escaped in the HTML.
import { describe, expect, it } from 'vitest';
import { lockoutEmail } from '../../supabase/functions/_shared/security-alert-email.ts';

describe('lockoutEmail', () => {
  it('says when codes were refused from and until, in UK time, and how to change the password', () => {
    const mail = lockoutEmail({
      to: 'sam@example.com',
      name: 'Sam <Patel>',
      lockedAt: '2026-07-01T09:05:00Z',
      lockedUntil: '2026-07-01T09:20:00Z',
      siteUrl: 'https://revolve.example',
    });
    expect(mail.to).toBe('sam@example.com');
    expect(mail.subject).toBe('Sign-in to your Revolve account was locked');
    expect(mail.text).toBe(
      [
        'Hello Sam <Patel>,',
        '',
        'Five incorrect codes from your authenticator app were entered when signing in to your Revolve account, the last at 1 July 2026 at 10:05 (UK time). For your security, codes are refused until 1 July 2026 at 10:20.',
        '',
        'If this was you, wait until then and sign in again.',
        'If it was not you, someone knows your password. Change it now, and tell us by replying to this e-mail: https://revolve.example/forgot-password',
        '',
        'The Revolve team',
      ].join('\n'),
    );
    expect(mail.html).toContain('Sam &lt;Patel&gt;');
    expect(mail.html).not.toContain('<Patel>');
    expect(mail.html).toContain('<a href="https://revolve.example/forgot-password">');
  });
});
