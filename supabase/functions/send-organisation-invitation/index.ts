// Called by public.send_organisation_emails() through pg_net, once per attempt at an organisation's
// invitation e-mail (20261130000000_organisation_workspace.sql): tells the invitee who invited them
// to which organisation, until when, and what the organisation will see if they join. Only the
// project itself may call it (the secret key in the apikey header, read from Vault); it mails only
// the invitation's own address, never one from the request.
//
// Someone without an account gets Supabase Auth's invite link (the admin API makes the account,
// unconfirmed and without a password, and the link signs them in on /invitations). Auth is asked
// for one whenever the address has no confirmed account: has_account alone cannot tell a member of
// the site from an earlier invitee who never followed their link (their account exists, but they
// cannot sign in), and Auth answers 'email_exists' for a confirmed account, which then gets the
// link to /invitations, where they sign in as usual.
//
// Claimed, recorded and keyed by deliveryToAnyoneHandler (_shared/email-delivery.ts), as every
// e-mail the database sends. An invite link is new on every attempt (Auth issues a fresh one and
// the earlier one stops working), so such an e-mail is keyed per attempt (DeliveryMail).
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from '../_shared/body.ts';
import { deliveryToAnyoneHandler } from '../_shared/email-delivery.ts';
import { invitationEmail, type InvitationEmailOptions } from '../_shared/invitation-email.ts';

// public.invitation_email(invitation_id): returns table, every column typed non-null.
const invitationSchema = z.object({
  email: z.string().min(3),
  name: z.string(),
  organisation_name: z.string(),
  role: z.enum(['manager', 'learner']),
  invited_by_name: z.string(),
  expires_at: z.string(),
  has_account: z.boolean(),
});

const stateSchema = z.object({
  accepted_at: z.string().nullable(),
  declined_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
});

Deno.serve(
  deliveryToAnyoneHandler(
    { kind: 'organisation_invitation', what: 'invitation e-mail', job: 'organisation e-mail job' },
    async ({ db, subjectId: invitationId, siteUrl, gone }) => {
      const [email, state] = await Promise.all([
        db.rpc('invitation_email', { invitation_id: invitationId }).maybeSingle(),
        db
          .from('organisation_invitations')
          .select('accepted_at, declined_at, withdrawn_at')
          .eq('id', invitationId)
          .maybeSingle(),
      ]);
      if (email.error || state.error) {
        throw new Error(
          `Reading the invitation failed: ${(email.error ?? state.error)?.message ?? ''}`,
        );
      }
      if (!email.data || !state.data) {
        return gone('The invitation was removed before the e-mail was sent.');
      }
      const invitation = invitationSchema.parse(email.data);
      const { accepted_at, declined_at, withdrawn_at } = stateSchema.parse(state.data);
      if (accepted_at || declined_at || withdrawn_at) {
        return gone('The invitation was answered or withdrawn before the e-mail was sent.');
      }
      if (Date.parse(invitation.expires_at) <= Date.now()) {
        return gone('The invitation expired before the e-mail was sent.');
      }
      const link = await invitationLink(db, invitation, new URL('/invitations', siteUrl).href);
      return {
        ...invitationEmail({
          to: invitation.email,
          name: invitation.name,
          organisationName: invitation.organisation_name,
          role: invitation.role,
          invitedByName: invitation.invited_by_name,
          expiresAt: invitation.expires_at,
          link,
        }),
        newEachAttempt: link.kind === 'invite',
      };
    },
  ),
);

/**
 * Auth's invite link for an address without a confirmed account (made now if there is none), else
 * /invitations to sign in to.
 */
async function invitationLink(
  db: SupabaseClient,
  invitation: z.infer<typeof invitationSchema>,
  invitationsUrl: string,
): Promise<InvitationEmailOptions['link']> {
  const signIn = { kind: 'sign-in', url: invitationsUrl } as const;
  const { data, error } = await db.auth.admin.generateLink({
    type: 'invite',
    email: invitation.email,
    options: {
      redirectTo: invitationsUrl,
      ...(invitation.name ? { data: { name: invitation.name } } : {}),
    },
  });
  if (!error) return { kind: 'invite', url: data.properties.action_link };
  if (error.code === 'email_exists' || /already been registered/i.test(error.message)) {
    return signIn;
  }
  throw new Error(`Asking Auth for an invite link failed: ${error.message}`);
}
