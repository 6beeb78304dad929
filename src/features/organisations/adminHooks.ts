import { useMutation, useQuery } from '@tanstack/react-query';
import {
  invitationResults,
  organisationToasts as toasts,
  unknownInvitationResult,
} from '@/content/organisationsAdmin';
import { serverMessage } from '@/lib/serverMessage';
import { toast } from '@/lib/toast';
import { useLoadFailureToast } from '@/lib/useLoadFailureToast';
import {
  adminOrganisationsQuery,
  createOrganisationMutation,
  inviteManagerMutation,
  updateOrganisationMutation,
  type CreatedOrganisation,
  type ManagerInvitation,
  type NewManager,
  type OrganisationDetails,
} from './adminApi';

/** One page of the organisations, newest first; a failure to load is toasted once. */
export function useAdminOrganisations(page: number, search: string) {
  const query = useQuery(adminOrganisationsQuery({ page, search }));
  useLoadFailureToast(query.isError, [toasts.loadFailed.title, toasts.loadFailed.description]);
  return query;
}

/** The words for what invite_organisation_members answered, when it was not an invitation sent. */
export function invitationResultMessage(result: string): string {
  return invitationResults[result] ?? unknownInvitationResult;
}

/** How a new organisation and its first manager's invitation went. */
export type CreateOutcome =
  /** The organisation was refused: nothing was created. */
  | { status: 'refused'; error: unknown }
  /** Created, and the manager invited. */
  | { status: 'invited'; organisation: CreatedOrganisation }
  /** Created, but the manager was not invited, for `reason` (in words). */
  | { status: 'notInvited'; organisation: CreatedOrganisation; reason: string };

/**
 * Creates an organisation, then invites its first manager; the toast says how it went. The
 * organisation stays created whatever the invitation's answer.
 */
export function useCreateOrganisation() {
  const create = useMutation(createOrganisationMutation());
  const invite = useMutation(inviteManagerMutation());

  return async (details: OrganisationDetails, manager: NewManager): Promise<CreateOutcome> => {
    let organisation: CreatedOrganisation;
    try {
      organisation = await create.mutateAsync(details);
    } catch (error) {
      return { status: 'refused', error };
    }
    let reason: string;
    try {
      const invitation = await invite.mutateAsync({ organisationId: organisation.id, manager });
      if (invitation.result === 'invited') {
        toast.success(
          toasts.createdAndInvited.title,
          toasts.createdAndInvited.description(organisation.name, invitation.email),
        );
        return { status: 'invited', organisation };
      }
      reason = invitationResultMessage(invitation.result);
    } catch (error) {
      reason = serverMessage(error) ?? unknownInvitationResult;
    }
    toast.error(
      toasts.createdNotInvited.title,
      toasts.createdNotInvited.description(organisation.name, reason),
    );
    return { status: 'notInvited', organisation, reason };
  };
}

/** Changes an organisation's details; resolves once the list has been read again. */
export function useUpdateOrganisation() {
  return useMutation({
    ...updateOrganisationMutation(),
    onSuccess: (organisation) =>
      toast.success(toasts.saved.title, toasts.saved.description(organisation.name)),
  }).mutateAsync;
}

/**
 * Invites a manager to an organisation: resolves to the server's answer for them (toasted when the
 * invitation went); throws the server's refusal.
 */
export function useInviteManager() {
  const { mutateAsync } = useMutation(inviteManagerMutation());
  return async (
    organisation: { id: string; name: string },
    manager: NewManager,
  ): Promise<ManagerInvitation> => {
    const invitation = await mutateAsync({ organisationId: organisation.id, manager });
    if (invitation.result === 'invited')
      toast.success(
        toasts.invited.title,
        toasts.invited.description(invitation.email, organisation.name),
      );
    return invitation;
  };
}
