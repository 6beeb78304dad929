import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/loadSupabase';
import { queryKeys } from '@/lib/queryKeys';

// The learner's side of organisations, through the learner functions of
// 20261130000000_organisation_workspace.sql: each answers for the caller only.

/** The open invitations to the caller's confirmed address, newest first. */
export async function fetchMyInvitations(signal: AbortSignal) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('my_invitations').abortSignal(signal);
  if (error) throw error;
  return data;
}

/** What the caller's organisations (in term) assigned them, soonest due first. */
export async function fetchMyAssignments(signal: AbortSignal) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('my_assignments').abortSignal(signal);
  if (error) throw error;
  return data;
}

/** Joins the invitation's organisation (PT404: no longer open; PT409: no seat left). */
export async function acceptInvitation(invitationId: string) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('accept_invitation', { invitation_id: invitationId })
    .single();
  if (error) throw error;
  return data;
}

export async function declineInvitation(invitationId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('decline_invitation', { invitation_id: invitationId });
  if (error) throw error;
}

export type MyInvitation = Awaited<ReturnType<typeof fetchMyInvitations>>[number];
export type AssignmentRow = Awaited<ReturnType<typeof fetchMyAssignments>>[number];
export type JoinedOrganisation = Awaited<ReturnType<typeof acceptInvitation>>;

export function myInvitationsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.myInvitations(userId),
    queryFn: ({ signal }) => fetchMyInvitations(signal),
    meta: { errorMessage: 'Error loading invitations:' },
  });
}

export function myAssignmentsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.myAssignments(userId),
    queryFn: ({ signal }) => fetchMyAssignments(signal),
    meta: { errorMessage: 'Error loading assigned modules:' },
  });
}

/**
 * Joining changes what the learner is assigned and may open: their organisation reads go again. A
 * refusal changes nothing, and the invitation stays listed with the reason.
 */
export function acceptInvitationMutation(userId: string) {
  return mutationOptions({
    mutationFn: (invitationId: string) => acceptInvitation(invitationId),
    meta: { errorMessage: 'Error joining an organisation:' },
    onSuccess: (_joined, _invitationId, _onMutateResult, { client }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.learnerOrganisations(userId) }),
        client.invalidateQueries({ queryKey: queryKeys.learning(userId) }),
      ]),
  });
}

export function declineInvitationMutation(userId: string) {
  return mutationOptions({
    mutationFn: (invitationId: string) => declineInvitation(invitationId),
    meta: { errorMessage: 'Error declining an invitation:' },
    onSuccess: (_declined, _invitationId, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.myInvitations(userId) }),
  });
}

// Assignments as the screens show them --------------------------------------------------------------

export type AssignmentState = AssignmentRow['state'];

export interface Assignment {
  module: string;
  organisationName: string;
  /** The calendar day it is due (YYYY-MM-DD, London). */
  dueOn: string;
  state: AssignmentState;
  /** When completed (state 'completed'), else null. */
  completedAt: string | null;
  /** Past its due day in London and not completed. */
  overdue: boolean;
}

/** Today's calendar day in London (YYYY-MM-DD), the calendar due dates are in. */
export function londonToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A row of my_assignments as the screens use it. */
export function toAssignment(row: AssignmentRow, today: string = londonToday()): Assignment {
  const completed = row.state === 'completed';
  return {
    module: row.module,
    organisationName: row.organisation_name,
    dueOn: row.due_on,
    state: row.state,
    completedAt: row.completed_at,
    overdue: !completed && row.due_on < today,
  };
}

/**
 * One assignment per module, soonest due first: a module assigned to everyone and to the learner's
 * cohort, or by two organisations, is due on its earliest date (the rows come soonest first).
 */
export function toAssignments(rows: AssignmentRow[], today: string = londonToday()): Assignment[] {
  const byModule = new Map<string, Assignment>();
  for (const row of rows) {
    if (!byModule.has(row.module)) byModule.set(row.module, toAssignment(row, today));
  }
  return [...byModule.values()];
}

/**
 * Whether accepting was refused because managing needs a verified authenticator app first (the
 * server's PT428): the invitation stays open until the learner has set one up.
 */
export function needsSecondFactor(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'PT428';
}

/** Whether a caught error is the server's words for the user (an invitation no longer open, no seat). */
export function serverMessage(error: unknown): string | undefined {
  if (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === 'PT404' || error.code === 'PT409') &&
    'message' in error &&
    typeof error.message === 'string' &&
    error.message
  ) {
    return error.message;
  }
  return undefined;
}
