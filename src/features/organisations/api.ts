import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, Enums, Json } from '@/lib/database.types';
import { readAllPages } from '@/lib/csvExport';
import { loadSupabase } from '@/lib/loadSupabase';
import { queryKeys } from '@/lib/queryKeys';
import {
  abortable,
  pageRange,
  readNewestFirst,
  searchPattern,
  toPage,
  type Page,
} from '@/lib/serverPages';

/** Any client of this project's database: the app's, or a script's. */
type Client = SupabaseClient<Database>;

// /organisation: a manager's organisation, read and changed through the manager functions of
// 20261130000000_organisation_workspace.sql. Each checks the caller (an active manager of the
// organisation at aal2, or an admin) and raises its refusal with the words the manager sees.

/** Rows per page of the members, the completion matrix and the invitations. */
export const ORGANISATION_PAGE_SIZE = 25;

/** The most people one call of invite_organisation_members takes. */
export const MAX_INVITES = 500;

export type OrganisationStatus = Enums<'organisation_status'>;
export type OrganisationKind = Enums<'organisations_kind'>;
export type ProgressState = Enums<'progress_state'>;
export type DeliveryStatus = Enums<'delivery_status'>;

// The organisations -------------------------------------------------------------------------------

/** The organisations the user manages (works at aal1: the page needs them to ask for aal2). */
export async function fetchManagedOrganisations(signal: AbortSignal) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('my_managed_organisations').abortSignal(signal);
  if (error) throw error;
  return data;
}

export type ManagedOrganisation = Awaited<ReturnType<typeof fetchManagedOrganisations>>[number];

const overviewColumns =
  'id, name, kind, seats, seats_used, term_starts_on, term_ends_on, status' as const;

export async function readOverview(supabase: Client, organisationId: string, signal?: AbortSignal) {
  const { data, error } = await abortable(
    supabase
      .rpc('organisation_overview', { organisation_id: organisationId })
      .select(overviewColumns),
    signal,
  ).single();
  if (error) throw error;
  return data;
}

export type OrganisationOverview = Awaited<ReturnType<typeof readOverview>>;

/** How many invitations are open (pending, holding a seat). */
export async function countOpenInvitations(
  supabase: Client,
  organisationId: string,
  signal?: AbortSignal,
): Promise<number> {
  const { count, error } = await abortable(
    supabase
      .rpc('organisation_invitations', { organisation_id: organisationId }, { count: 'exact' })
      .select('id')
      .eq('status', 'pending')
      .range(0, 0),
    signal,
  );
  if (error) throw error;
  return count ?? 0;
}

// Members -------------------------------------------------------------------------------------------

/** The orders the members list and the completion matrix offer. */
export const memberSorts = ['name', 'cohort', 'completed', 'overdue'] as const;
export type MemberSort = (typeof memberSorts)[number];

/** The cohort filter's value for members in no cohort (a cohort's id is a uuid). */
export const NO_COHORT = 'none';

export interface MemberQuery {
  /** Zero-based page number. */
  page: number;
  /** Part of the member's name or e-mail. */
  search: string;
  /** null: every member; NO_COHORT: those in none; else a cohort's id. */
  cohort: string | null;
  sort: MemberSort;
  /** Rows per page: ORGANISATION_PAGE_SIZE unless given (a CSV export reads larger pages). */
  pageSize?: number;
}

/**
 * A row with its id. The members' view computes some of its columns, so the generated types call
 * every column of it nullable; the id is the membership's primary key, never null.
 */
function hasId<Row extends { id: string | null }>(row: Row): row is Row & { id: string } {
  return row.id !== null;
}

const memberColumns =
  'id, user_id, name, email, role, cohort_id, cohort_name, joined_at, assigned, completed, overdue' as const;

/**
 * One page of the organisation's members, filtered, ordered and paged by PostgREST on the rows
 * organisation_members answers (as the admin lists page the admin_search_* functions' rows).
 */
export async function listMembers(
  supabase: Client,
  organisationId: string,
  query: MemberQuery,
  signal?: AbortSignal,
) {
  let request = supabase
    .rpc('organisation_members', { organisation_id: organisationId }, { count: 'exact' })
    .select(memberColumns);
  const like = searchPattern(query.search);
  if (like) request = request.or(`name.ilike.${like},email.ilike.${like}`);
  if (query.cohort === NO_COHORT) request = request.is('cohort_id', null);
  else if (query.cohort) request = request.eq('cohort_id', query.cohort);
  switch (query.sort) {
    case 'cohort':
      request = request.order('cohort_name', { ascending: true, nullsFirst: false });
      break;
    case 'completed':
      request = request.order('completed', { ascending: false, nullsFirst: false });
      break;
    case 'overdue':
      request = request.order('overdue', { ascending: false, nullsFirst: false });
      break;
    case 'name':
      break;
  }
  // Then by name, and by id so that equal names keep one order from page to page.
  const [from, to] = pageRange(query.page, query.pageSize ?? ORGANISATION_PAGE_SIZE);
  const { data, count, error } = await abortable(
    request.order('name').order('email').order('id').range(from, to),
    signal,
  );
  if (error) throw error;
  return toPage(data?.filter(hasId) ?? null, count);
}

export type Member = Awaited<ReturnType<typeof listMembers>>['rows'][number];

export async function fetchMembers(
  organisationId: string,
  query: MemberQuery,
  signal: AbortSignal,
): Promise<Page<Member>> {
  return listMembers(await loadSupabase(), organisationId, query, signal);
}

// Cohorts, assignments, invitations ---------------------------------------------------------------

export async function readCohorts(supabase: Client, organisationId: string, signal?: AbortSignal) {
  const { data, error } = await abortable(
    supabase
      .rpc('organisation_cohorts', { organisation_id: organisationId })
      .select('id, name, members'),
    signal,
  );
  if (error) throw error;
  return data;
}

export type Cohort = Awaited<ReturnType<typeof readCohorts>>[number];

export async function readAssignments(
  supabase: Client,
  organisationId: string,
  signal?: AbortSignal,
) {
  const { data, error } = await abortable(
    supabase
      .rpc('organisation_assignments', { organisation_id: organisationId })
      .select('id, cohort_id, cohort_name, module, module_title, due_on, created_at'),
    signal,
  );
  if (error) throw error;
  return data;
}

export type Assignment = Awaited<ReturnType<typeof readAssignments>>[number];

const invitationColumns =
  'id, email, name, role, cohort_name, created_at, sent_at, expires_at, status, delivery' as const;

/** One page of the open and expired invitations, newest first. */
export async function listInvitations(
  supabase: Client,
  organisationId: string,
  page: number,
  signal?: AbortSignal,
) {
  return readNewestFirst(
    supabase
      .rpc('organisation_invitations', { organisation_id: organisationId }, { count: 'exact' })
      .select(invitationColumns),
    'created_at',
    pageRange(page, ORGANISATION_PAGE_SIZE),
    signal,
  );
}

export type Invitation = Awaited<ReturnType<typeof listInvitations>>['rows'][number];

// Progress ------------------------------------------------------------------------------------------

const progressColumns =
  'member_id, module, due_on, state, percent, completed_at, certificate_code, overdue' as const;

/** A page of the matrix's cells, by member and module (the server answers 1,000 rows at most). */
export async function listProgress(
  supabase: Client,
  organisationId: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  const [from, to] = pageRange(page, pageSize);
  const { data, count, error } = await abortable(
    supabase
      .rpc('organisation_progress', { organisation_id: organisationId }, { count: 'exact' })
      .select(progressColumns)
      .order('member_id')
      .order('module')
      .range(from, to),
    signal,
  );
  if (error) throw error;
  return toPage(data, count);
}

export type ProgressCell = Awaited<ReturnType<typeof listProgress>>['rows'][number];

/** Every cell of the organisation's completion matrix, read a page at a time. */
export async function fetchProgress(organisationId: string, signal: AbortSignal) {
  const supabase = await loadSupabase();
  return readAllPages(
    (page, pageSize, pageSignal) =>
      listProgress(supabase, organisationId, page, pageSize, pageSignal),
    { signal },
  );
}

// Queries -------------------------------------------------------------------------------------------

export function managedOrganisationsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.managedOrganisations(userId),
    queryFn: ({ signal }) => fetchManagedOrganisations(signal),
    meta: { errorMessage: 'Error loading the organisations the user manages:' },
  });
}

export function overviewQuery(userId: string, organisationId: string) {
  return queryOptions({
    queryKey: queryKeys.organisationOverview(userId, organisationId),
    queryFn: async ({ signal }) => readOverview(await loadSupabase(), organisationId, signal),
    meta: { errorMessage: "Error loading an organisation's overview:" },
  });
}

export function openInvitationsQuery(userId: string, organisationId: string) {
  return queryOptions({
    queryKey: queryKeys.organisationOpenInvitations(userId, organisationId),
    queryFn: async ({ signal }) =>
      countOpenInvitations(await loadSupabase(), organisationId, signal),
    meta: { errorMessage: "Error counting an organisation's open invitations:" },
  });
}

export function membersQuery(userId: string, organisationId: string, query: MemberQuery) {
  const { page, search, cohort, sort } = query;
  return queryOptions({
    queryKey: queryKeys.organisationMembers(userId, organisationId, page, search, cohort, sort),
    queryFn: ({ signal }) => fetchMembers(organisationId, { page, search, cohort, sort }, signal),
    meta: { errorMessage: "Error loading an organisation's members:" },
    placeholderData: keepPreviousData,
  });
}

export function cohortsQuery(userId: string, organisationId: string) {
  return queryOptions({
    queryKey: queryKeys.organisationCohorts(userId, organisationId),
    queryFn: async ({ signal }) => readCohorts(await loadSupabase(), organisationId, signal),
    meta: { errorMessage: "Error loading an organisation's cohorts:" },
  });
}

export function assignmentsQuery(userId: string, organisationId: string) {
  return queryOptions({
    queryKey: queryKeys.organisationAssignments(userId, organisationId),
    queryFn: async ({ signal }) => readAssignments(await loadSupabase(), organisationId, signal),
    meta: { errorMessage: "Error loading an organisation's assignments:" },
  });
}

export function invitationsQuery(userId: string, organisationId: string, page: number) {
  return queryOptions({
    queryKey: queryKeys.organisationInvitations(userId, organisationId, page),
    queryFn: async ({ signal }) =>
      listInvitations(await loadSupabase(), organisationId, page, signal),
    meta: { errorMessage: "Error loading an organisation's invitations:" },
    placeholderData: keepPreviousData,
  });
}

export function progressQuery(userId: string, organisationId: string) {
  return queryOptions({
    queryKey: queryKeys.organisationProgress(userId, organisationId),
    queryFn: ({ signal }) => fetchProgress(organisationId, signal),
    meta: { errorMessage: "Error loading an organisation's progress:" },
  });
}

// Changes -------------------------------------------------------------------------------------------

export async function removeMember(memberId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('remove_organisation_member', { member_id: memberId });
  if (error) throw error;
}

export async function setMemberCohort({
  memberId,
  cohortId,
}: {
  memberId: string;
  cohortId: string | null;
}): Promise<void> {
  const supabase = await loadSupabase();
  // No cohort_id (its default, null) takes the member out of their cohort.
  const { error } = await supabase.rpc('set_member_cohort', {
    member_id: memberId,
    ...(cohortId ? { cohort_id: cohortId } : {}),
  });
  if (error) throw error;
}

export async function createCohort({
  organisationId,
  name,
}: {
  organisationId: string;
  name: string;
}) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('create_cohort', { organisation_id: organisationId, name })
    .single();
  if (error) throw error;
  return data;
}

export async function renameCohort({ cohortId, name }: { cohortId: string; name: string }) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('rename_cohort', { cohort_id: cohortId, name })
    .single();
  if (error) throw error;
  return data;
}

export async function deleteCohort(cohortId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('delete_cohort', { cohort_id: cohortId });
  if (error) throw error;
}

export interface NewAssignment {
  organisationId: string;
  module: string;
  /** A calendar day (YYYY-MM-DD) in London. */
  dueOn: string;
  /** null: the whole organisation. */
  cohortId: string | null;
}

export async function assignModule({ organisationId, module, dueOn, cohortId }: NewAssignment) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('assign_module', {
      organisation_id: organisationId,
      module,
      due_on: dueOn,
      ...(cohortId ? { cohort_id: cohortId } : {}),
    })
    .single();
  if (error) throw error;
  return data;
}

export async function withdrawAssignment(assignmentId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('withdraw_assignment', { assignment_id: assignmentId });
  if (error) throw error;
}

export async function resendInvitation(invitationId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('resend_invitation', { invitation_id: invitationId });
  if (error) throw error;
}

export async function withdrawInvitation(invitationId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('withdraw_invitation', { invitation_id: invitationId });
  if (error) throw error;
}

/** One person to invite, as invite_organisation_members takes them. */
export interface Invitee {
  email: string;
  name?: string;
  cohort?: string;
}

/** invite_organisation_members' JSON: each person's given fields, nothing empty. */
export function inviteePayload(people: readonly Invitee[]): Json {
  return people.map(({ email, name, cohort }) => ({
    email,
    ...(name ? { name } : {}),
    ...(cohort ? { cohort } : {}),
  }));
}

/** Invites the people (up to 500), all in one transaction: one result per person, in order. */
export async function inviteMembers({
  organisationId,
  people,
}: {
  organisationId: string;
  people: readonly Invitee[];
}) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('invite_organisation_members', {
    organisation_id: organisationId,
    people: inviteePayload(people),
  });
  if (error) throw error;
  return data;
}

export type InviteResultRow = Awaited<ReturnType<typeof inviteMembers>>[number];

/**
 * A change to an organisation: afterwards everything read about it is read again (a member's
 * removal changes the seats, the matrix and the members alike), and the change settles once it
 * has been.
 */
function organisationChange<Variables, Data>(
  userId: string,
  organisationId: string,
  mutationFn: (variables: Variables) => Promise<Data>,
  errorMessage: string,
) {
  return mutationOptions({
    mutationFn,
    meta: { errorMessage },
    onSettled: (_data, _error, _variables, _onMutateResult, { client }) =>
      client.invalidateQueries({
        queryKey: queryKeys.organisationData(userId, organisationId),
      }),
  });
}

export function removeMemberMutation(userId: string, organisationId: string) {
  return organisationChange(userId, organisationId, removeMember, 'Error removing a member:');
}

export function setMemberCohortMutation(userId: string, organisationId: string) {
  return organisationChange(
    userId,
    organisationId,
    setMemberCohort,
    "Error changing a member's cohort:",
  );
}

export function createCohortMutation(userId: string, organisationId: string) {
  return organisationChange(
    userId,
    organisationId,
    (name: string) => createCohort({ organisationId, name }),
    'Error creating a cohort:',
  );
}

export function renameCohortMutation(userId: string, organisationId: string) {
  return organisationChange(userId, organisationId, renameCohort, 'Error renaming a cohort:');
}

export function deleteCohortMutation(userId: string, organisationId: string) {
  return organisationChange(userId, organisationId, deleteCohort, 'Error deleting a cohort:');
}

export function assignModuleMutation(userId: string, organisationId: string) {
  return organisationChange(userId, organisationId, assignModule, 'Error assigning a module:');
}

export function withdrawAssignmentMutation(userId: string, organisationId: string) {
  return organisationChange(
    userId,
    organisationId,
    withdrawAssignment,
    'Error withdrawing an assignment:',
  );
}

export function resendInvitationMutation(userId: string, organisationId: string) {
  return organisationChange(
    userId,
    organisationId,
    resendInvitation,
    'Error resending an invitation:',
  );
}

export function withdrawInvitationMutation(userId: string, organisationId: string) {
  return organisationChange(
    userId,
    organisationId,
    withdrawInvitation,
    'Error withdrawing an invitation:',
  );
}

export function inviteMembersMutation(userId: string, organisationId: string) {
  return organisationChange(
    userId,
    organisationId,
    (people: readonly Invitee[]) => inviteMembers({ organisationId, people }),
    'Error inviting members:',
  );
}
