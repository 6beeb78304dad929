// The wording of an organisation's invitation e-mail (send-organisation-invitation): who invited
// whom to what, the link for someone without an account or the sign-in for an account holder, the
// expiry as a London date, and exactly what the organisation will see.
import { describe, expect, it } from 'vitest';
import {
  invitationEmail,
  type InvitationEmailOptions,
} from '../../supabase/functions/_shared/invitation-email.ts';

const base: InvitationEmailOptions = {
  to: 'sam@example.com',
  name: 'Sam Patel',
  organisationName: 'Riverside Surgery',
  role: 'learner',
  invitedByName: 'Dr Alex Morgan',
  // London is on GMT in December: still the 11th there.
  expiresAt: '2026-12-11T23:30:00Z',
  link: { kind: 'sign-in', url: 'https://revolve.example/invitations' },
};

const sees =
  'If you join, Riverside Surgery will see your name and e-mail address, and your progress and completion dates on the modules it assigns you or you unlock with its access code. Nothing else: not your other modules, your notifications or your reflections.';

describe('invitationEmail', () => {
  it('names the inviter and the organisation in the subject', () => {
    expect(invitationEmail(base).subject).toBe(
      'Dr Alex Morgan invited you to Riverside Surgery on Revolve',
    );
    expect(invitationEmail({ ...base, invitedByName: ' ' }).subject).toBe(
      'Revolve invited you to Riverside Surgery on Revolve',
    );
  });

  it('sends an account holder to /invitations to sign in, with the expiry and what is shared', () => {
    const mail = invitationEmail(base);
    expect(mail.to).toBe('sam@example.com');
    expect(mail.text).toBe(
      [
        'Hello Sam Patel,',
        '',
        'Dr Alex Morgan invited you to join Riverside Surgery on Revolve, the 360-degree training library for healthcare teams, as a learner.',
        'Sign in to Revolve with this e-mail address and answer the invitation: https://revolve.example/invitations',
        'The invitation expires on 11 December 2026.',
        '',
        sees,
        '',
        'If you were not expecting this invitation, you can ignore this e-mail.',
        '',
        'The Revolve team',
      ].join('\n'),
    );
    expect(mail.html).toContain('<a href="https://revolve.example/invitations">');
    expect(mail.html).toContain('<strong>11 December 2026</strong>');
  });

  it('gives someone without an account the invite link and tells them to set a password', () => {
    const url = 'https://project.supabase.co/auth/v1/verify?token=abc&type=invite&redirect_to=x';
    const mail = invitationEmail({
      ...base,
      name: '',
      role: 'manager',
      link: { kind: 'invite', url },
    });
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain('as a manager.');
    expect(mail.text).toContain(`Accept the invitation and open your new Revolve account: ${url}`);
    expect(mail.text).toContain('Then set a password');
    expect(mail.text).toContain(sees);
    expect(mail.html).toContain(`<a href="${url.replaceAll('&', '&amp;')}">`);
  });

  it('writes the expiry as the day falls in London', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time).
    expect(invitationEmail({ ...base, expiresAt: '2027-06-30T23:30:00Z' }).text).toContain(
      'The invitation expires on 1 July 2027.',
    );
  });

  it('escapes what people typed in the HTML', () => {
    const mail = invitationEmail({ ...base, organisationName: 'A & B <Practice>' });
    expect(mail.html).toContain('A &amp; B &lt;Practice&gt;');
    expect(mail.html).not.toContain('<Practice>');
  });
});
