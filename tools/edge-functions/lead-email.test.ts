// The sales inbox's note about a lead: whatever a caller passes, the subject header stays one line.
import { describe, expect, it } from 'vitest';
import { leadEmail } from '../../supabase/functions/_shared/lead-email.ts';

describe('leadEmail', () => {
  it('never puts a line break into the subject header', () => {
    for (const lineBreak of ['\r\n', '\n', '\r', '\u0085', '\u2028', '\u2029']) {
      const mail = leadEmail({
        to: 'sales@example.com',
        siteUrl: 'https://revolve.example',
        lead: {
          firstName: 'Sam',
          lastName: 'Patel',
          email: 'sam@example.com',
          subject: `Demo${lineBreak}Bcc: victim@example.com`,
          message: 'Hello\nthere',
        },
      });
      expect(mail.subject).toBe('New interest: Demo Bcc: victim@example.com');
      expect(mail.text).toContain('Hello\nthere');
    }
  });
});
