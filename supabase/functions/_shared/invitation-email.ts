// What an organisation's invitation e-mail says (send-organisation-invitation). No import of
// ./mail.ts, which reads Deno's environment: the tools suite checks this wording under Node
// (tools/edge-functions/invitation-email.test.ts). The result is a Mail.
import { escapeHtml } from './html.ts';
import { londonLongDate } from './dates.ts';
import { greeting } from './trial-email-parts.ts';

export interface InvitationEmailOptions {
  to: string;
  /** The invitee's name as the manager gave it ('' when none). */
  name: string;
  organisationName: string;
  role: 'manager' | 'learner';
  /** Who invited them ('Revolve' when nobody is named). */
  invitedByName: string;
  expiresAt: string;
  /**
   * Where the e-mail sends them: for someone without an account, Supabase Auth's invite link
   * (it signs them in, and lands on /invitations); for an account holder, /invitations.
   */
  link: { kind: 'invite'; url: string } | { kind: 'sign-in'; url: string };
}

/** What the organisation will see of a member, as the e-mail says it before they join. */
export function organisationSees(organisationName: string): string {
  return `If you join, ${organisationName} will see your name and e-mail address, and your progress and completion dates on the modules it assigns you or you unlock with its access code. Nothing else: not your other modules, your notifications or your reflections.`;
}

export function invitationSubject(invitedByName: string, organisationName: string): string {
  const inviter = invitedByName.trim() || 'Revolve';
  return `${inviter} invited you to ${organisationName} on Revolve`;
}

/** The invitation: who invited them to what, how to answer it, until when, and what joining shares. */
export function invitationEmail(options: InvitationEmailOptions): {
  to: string;
  subject: string;
  text: string;
  html: string;
} {
  const hello = greeting(options.name);
  const inviter = options.invitedByName.trim() || 'Revolve';
  const as = options.role === 'manager' ? 'a manager' : 'a learner';
  const invited = `${inviter} invited you to join ${options.organisationName} on Revolve, the 360-degree training library for healthcare teams, as ${as}.`;
  const expires = londonLongDate(options.expiresAt);
  const { url } = options.link;
  const action =
    options.link.kind === 'invite'
      ? {
          text: `Accept the invitation and open your new Revolve account: ${url}`,
          html: `<p><a href="${escapeHtml(url)}">Accept the invitation and open your new Revolve account</a>.</p>`,
          after:
            'The link signs you in once. Then set a password (the page shows you how) so that you can sign in again.',
        }
      : {
          text: `Sign in to Revolve with this e-mail address and answer the invitation: ${url}`,
          html: `<p><a href="${escapeHtml(url)}">Sign in to Revolve and answer the invitation</a> (use this e-mail address).</p>`,
          after: null,
        };
  const expiry = `The invitation expires on ${expires}.`;
  const sees = organisationSees(options.organisationName);
  const ignore = 'If you were not expecting this invitation, you can ignore this e-mail.';
  return {
    to: options.to,
    subject: invitationSubject(inviter, options.organisationName),
    text: [
      hello,
      '',
      invited,
      action.text,
      ...(action.after ? [action.after] : []),
      expiry,
      '',
      sees,
      '',
      ignore,
      '',
      'The Revolve team',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(invited)}</p>`,
      action.html,
      ...(action.after ? [`<p>${escapeHtml(action.after)}</p>`] : []),
      `<p>The invitation expires on <strong>${escapeHtml(expires)}</strong>.</p>`,
      `<p>${escapeHtml(sees)}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
      '<p>The Revolve team</p>',
    ].join('\n'),
  };
}
