import type {
  Cohort,
  Invitation,
  InviteResultRow,
  Member,
  OrganisationOverview,
  ProgressCell,
} from '@/features/organisations/api';
import { supabaseFake } from './supabaseFake';

// The manager's side of an organisation (/organisation) as the server answers it.

/** A learner of the organisation, in no cohort, assigned two modules, one done. */
export function memberRow(overrides: Partial<Member> = {}): Member {
  return {
    id: 'm1',
    user_id: 'u-sam',
    name: 'Sam Patel',
    email: 'sam@example.org',
    role: 'learner',
    cohort_id: null,
    cohort_name: null,
    // 2 Nov 2026 in London.
    joined_at: '2026-11-02T10:00:00Z',
    assigned: 2,
    completed: 1,
    overdue: 0,
    ...overrides,
  };
}

export function cohortRow(overrides: Partial<Cohort> = {}): Cohort {
  return { id: 'c-nurses', name: 'Nurses', members: 1, ...overrides };
}

/** A member's cell of the completion matrix: assigned, not started. */
export function progressCell(overrides: Partial<ProgressCell> = {}): ProgressCell {
  return {
    member_id: 'm1',
    module: 'dementia',
    due_on: '2026-12-31',
    state: 'not_started',
    percent: 0,
    completed_at: null,
    certificate_code: null,
    overdue: false,
    ...overrides,
  };
}

export function overviewRow(overrides: Partial<OrganisationOverview> = {}): OrganisationOverview {
  return {
    id: 'org1',
    name: 'North Surgery',
    kind: 'gp_practice',
    seats: 20,
    seats_used: 3,
    term_starts_on: '2026-11-01',
    term_ends_on: '2027-10-31',
    status: 'active',
    ...overrides,
  };
}

export function invitationRow(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: 'i1',
    email: 'new@example.org',
    name: null,
    role: 'learner',
    cohort_name: null,
    created_at: '2026-11-20T09:00:00Z',
    sent_at: '2026-11-20T09:00:00Z',
    expires_at: '2026-12-04T09:00:00Z',
    status: 'pending',
    delivery: 'sent',
    ...overrides,
  };
}

export function inviteResult(overrides: Partial<InviteResultRow> = {}): InviteResultRow {
  return {
    row_number: 1,
    email: 'new@example.org',
    result: 'invited',
    invitation_id: 'i1',
    ...overrides,
  };
}

/**
 * The server answers every read of an organisation the user manages (`org1`, North Surgery): its
 * overview, members, cohorts, assignments, invitations and progress; a test overrides any of them.
 */
export function answerOrganisation({
  members = [memberRow()],
  cohorts = [cohortRow()],
  cells = [progressCell()],
  invitations = [],
}: {
  members?: Member[];
  cohorts?: Cohort[];
  cells?: ProgressCell[];
  invitations?: Invitation[];
} = {}): void {
  supabaseFake.answer('rpc:my_managed_organisations', {
    data: [{ id: 'org1', name: 'North Surgery' }],
  });
  supabaseFake.answer('rpc:organisation_overview', { data: overviewRow() });
  supabaseFake.answer('rpc:organisation_members', { data: members, count: members.length });
  supabaseFake.answer('rpc:organisation_cohorts', { data: cohorts });
  supabaseFake.answer('rpc:organisation_assignments', { data: [] });
  supabaseFake.answer('rpc:organisation_invitations', {
    data: invitations,
    count: invitations.length,
  });
  supabaseFake.answer('rpc:organisation_progress', { data: cells, count: cells.length });
}
