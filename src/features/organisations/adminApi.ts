import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database.types';
import { loadSupabase } from '@/lib/loadSupabase';
import { queryKeys } from '@/lib/queryKeys';
import { pageRange, readNewestFirst, searchPattern } from '@/lib/serverPages';

/** Any client of this project's database: the app's, or a script's. */
type Client = SupabaseClient<Database>;

// /admin/organisations: Revolve's customers, read and changed through the admin functions of
// 20261130000000_organisation_workspace.sql (each checks that the caller is an admin at aal2).

/** Rows per page of /admin/organisations, as the other admin lists. */
export const ADMIN_ORGANISATIONS_PAGE_SIZE = 25;

export interface AdminOrganisationQuery {
  /** Zero-based page number. */
  page: number;
  /** Part of the organisation's name. */
  search: string;
}

const adminColumns =
  'id, name, kind, seats, seats_used, term_starts_on, term_ends_on, created_at, status, manager_emails, invited_manager_emails';

/**
 * One page of the organisations (admin_organisations, public.admin_organisation_list), newest
 * first, searched by name on the server.
 */
export async function listOrganisations(
  supabase: Client,
  { page, search }: AdminOrganisationQuery,
  signal?: AbortSignal,
) {
  let request = supabase
    .rpc('admin_organisations', undefined, { count: 'exact' })
    .select(adminColumns);
  const like = searchPattern(search);
  if (like) request = request.ilike('name', like);
  return readNewestFirst(
    request,
    'created_at',
    pageRange(page, ADMIN_ORGANISATIONS_PAGE_SIZE),
    signal,
  );
}

export type AdminOrganisation = Awaited<ReturnType<typeof listOrganisations>>['rows'][number];

export async function fetchAdminOrganisations(query: AdminOrganisationQuery, signal: AbortSignal) {
  return listOrganisations(await loadSupabase(), query, signal);
}

/** An organisation's details, as create_organisation and update_organisation take them. */
export interface OrganisationDetails {
  name: string;
  kind: string;
  seats: number;
  /** Calendar days (YYYY-MM-DD), inclusive, in London. */
  termStartsOn: string;
  termEndsOn: string;
}

/** A manager to invite: their e-mail address, and their name when the admin gave it. */
export interface NewManager {
  email: string;
  name: string | null;
}

/**
 * Creates an organisation; answers it as listed. Throws the server's refusal (its message is
 * written for the admin).
 */
export async function createOrganisation(details: OrganisationDetails) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('create_organisation', {
      name: details.name,
      kind: details.kind,
      seats: details.seats,
      term_starts_on: details.termStartsOn,
      term_ends_on: details.termEndsOn,
    })
    .single();
  if (error) throw error;
  return data;
}

export type CreatedOrganisation = Awaited<ReturnType<typeof createOrganisation>>;

/** Changes an organisation's details; throws the server's refusal. */
export async function updateOrganisation({
  organisationId,
  details,
}: {
  organisationId: string;
  details: OrganisationDetails;
}) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('update_organisation', {
      organisation_id: organisationId,
      name: details.name,
      kind: details.kind,
      seats: details.seats,
      term_starts_on: details.termStartsOn,
      term_ends_on: details.termEndsOn,
    })
    .single();
  if (error) throw error;
  return data;
}

/**
 * Invites one manager to an organisation: the server's answer for them (`result` is 'invited' when
 * the invitation went, else why not: 'already_invited', 'no_seat' ...). Throws the server's refusal.
 */
export async function inviteManager({
  organisationId,
  manager,
}: {
  organisationId: string;
  manager: NewManager;
}) {
  const supabase = await loadSupabase();
  const person = manager.name
    ? { email: manager.email, name: manager.name }
    : { email: manager.email };
  const { data, error } = await supabase
    .rpc('invite_organisation_members', {
      organisation_id: organisationId,
      people: [person],
      role: 'manager',
    })
    .single();
  if (error) throw error;
  return data;
}

export type ManagerInvitation = Awaited<ReturnType<typeof inviteManager>>;

export function adminOrganisationsQuery({ page, search }: AdminOrganisationQuery) {
  return queryOptions({
    queryKey: queryKeys.adminOrganisationList(page, search),
    queryFn: ({ signal }) => fetchAdminOrganisations({ page, search }, signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Error loading organisations:' },
  });
}

// After each change, every admin read of organisations (this list, the access-code form's choice)
// is read again, and the mutation settles once it has been.

export function createOrganisationMutation() {
  return mutationOptions({
    mutationFn: createOrganisation,
    meta: { errorMessage: 'Error creating an organisation:' },
    onSettled: (_data, _error, _details, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.adminOrganisations }),
  });
}

export function updateOrganisationMutation() {
  return mutationOptions({
    mutationFn: updateOrganisation,
    meta: { errorMessage: 'Error updating an organisation:' },
    onSettled: (_data, _error, _variables, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.adminOrganisations }),
  });
}

export function inviteManagerMutation() {
  return mutationOptions({
    mutationFn: inviteManager,
    meta: { errorMessage: 'Error inviting a manager:' },
    onSettled: (_data, _error, _variables, _onMutateResult, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.adminOrganisations }),
  });
}
