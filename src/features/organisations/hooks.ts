import { useMutation, useQuery } from '@tanstack/react-query';
import {
  assignModuleMutation,
  assignmentsQuery,
  cohortsQuery,
  createCohortMutation,
  deleteCohortMutation,
  invitationsQuery,
  inviteMembersMutation,
  managedOrganisationsQuery,
  membersQuery,
  openInvitationsQuery,
  overviewQuery,
  progressQuery,
  removeMemberMutation,
  renameCohortMutation,
  resendInvitationMutation,
  setMemberCohortMutation,
  withdrawAssignmentMutation,
  withdrawInvitationMutation,
  type MemberQuery,
} from './api';

/** Who is managing which organisation: every hook of the page takes both. */
export interface OrganisationScope {
  userId: string;
  organisationId: string;
}

/** The organisations the signed-in user manages, by name. */
export function useManagedOrganisations(userId: string) {
  return useQuery(managedOrganisationsQuery(userId));
}

export function useOverview({ userId, organisationId }: OrganisationScope) {
  return useQuery(overviewQuery(userId, organisationId));
}

export function useOpenInvitations({ userId, organisationId }: OrganisationScope) {
  return useQuery(openInvitationsQuery(userId, organisationId));
}

/** One page of members; the previous page stays shown while the next loads. */
export function useMembers({ userId, organisationId }: OrganisationScope, query: MemberQuery) {
  return useQuery(membersQuery(userId, organisationId, query));
}

export function useCohorts({ userId, organisationId }: OrganisationScope) {
  return useQuery(cohortsQuery(userId, organisationId));
}

export function useAssignments({ userId, organisationId }: OrganisationScope) {
  return useQuery(assignmentsQuery(userId, organisationId));
}

export function useInvitations({ userId, organisationId }: OrganisationScope, page: number) {
  return useQuery(invitationsQuery(userId, organisationId, page));
}

/** Every cell of the completion matrix. */
export function useProgress({ userId, organisationId }: OrganisationScope) {
  return useQuery(progressQuery(userId, organisationId));
}

// Each change reads the organisation again once it is made (./api.ts, organisationChange).

export function useRemoveMember({ userId, organisationId }: OrganisationScope) {
  return useMutation(removeMemberMutation(userId, organisationId));
}

export function useSetMemberCohort({ userId, organisationId }: OrganisationScope) {
  return useMutation(setMemberCohortMutation(userId, organisationId));
}

export function useCreateCohort({ userId, organisationId }: OrganisationScope) {
  return useMutation(createCohortMutation(userId, organisationId));
}

export function useRenameCohort({ userId, organisationId }: OrganisationScope) {
  return useMutation(renameCohortMutation(userId, organisationId));
}

export function useDeleteCohort({ userId, organisationId }: OrganisationScope) {
  return useMutation(deleteCohortMutation(userId, organisationId));
}

export function useAssignModule({ userId, organisationId }: OrganisationScope) {
  return useMutation(assignModuleMutation(userId, organisationId));
}

export function useWithdrawAssignment({ userId, organisationId }: OrganisationScope) {
  return useMutation(withdrawAssignmentMutation(userId, organisationId));
}

export function useResendInvitation({ userId, organisationId }: OrganisationScope) {
  return useMutation(resendInvitationMutation(userId, organisationId));
}

export function useWithdrawInvitation({ userId, organisationId }: OrganisationScope) {
  return useMutation(withdrawInvitationMutation(userId, organisationId));
}

export function useInviteMembers({ userId, organisationId }: OrganisationScope) {
  return useMutation(inviteMembersMutation(userId, organisationId));
}
