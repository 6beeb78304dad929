import { useMutation, useQuery } from '@tanstack/react-query';
import { invitationsCopy } from '@/content/invitations';
import { toast } from '@/lib/toast';
import {
  acceptInvitationMutation,
  declineInvitationMutation,
  myAssignmentsQuery,
  myInvitationsQuery,
  toAssignments,
  type Assignment,
  type JoinedOrganisation,
} from './learnerApi';

/** The open invitations to the signed-in learner's address. */
export function useMyInvitations(userId: string) {
  return useQuery(myInvitationsQuery(userId));
}

/** What the learner's organisations assigned them, soonest due first. */
export function useMyAssignments(userId: string) {
  return useQuery({ ...myAssignmentsQuery(userId), select: (rows) => toAssignments(rows) });
}

/**
 * The assignment of `slug` to the learner, once read: undefined while it loads or when it cannot
 * be read, null when their organisations did not assign it.
 */
export function useAssignment(userId: string, slug: string): Assignment | null | undefined {
  const { data } = useMyAssignments(userId);
  if (!data) return undefined;
  return data.find((assignment) => assignment.module === slug) ?? null;
}

/**
 * Joins an invitation's organisation: a toast and `onJoined` first, then the learner's organisation
 * reads go again (the invitation leaves the list, so what follows it must not wait on its card).
 */
export function useAcceptInvitation(
  userId: string,
  onJoined: (joined: JoinedOrganisation) => void,
) {
  const options = acceptInvitationMutation(userId);
  return useMutation({
    ...options,
    onSuccess: async (joined, invitationId, onMutateResult, context) => {
      toast.success(
        invitationsCopy.joinedTitle(joined.organisation_name),
        invitationsCopy.joinedDescription,
      );
      onJoined(joined);
      await options.onSuccess?.(joined, invitationId, onMutateResult, context);
    },
  });
}

/** Declines an invitation: a toast, then the invitations are read again. */
export function useDeclineInvitation(userId: string, organisationName: string) {
  const options = declineInvitationMutation(userId);
  return useMutation({
    ...options,
    onSuccess: async (declined, invitationId, onMutateResult, context) => {
      toast.success(invitationsCopy.declinedTitle(organisationName));
      await options.onSuccess?.(declined, invitationId, onMutateResult, context);
    },
  });
}
