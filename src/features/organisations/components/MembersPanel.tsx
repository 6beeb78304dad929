import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Pager } from '@/components/ui/pager';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { memberFilters, membersPanel as copy } from '@/content/organisation';
import { formatDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { toastWriteFailure } from '@/lib/writeFailureToast';
import { ORGANISATION_PAGE_SIZE, type Cohort, type Member } from '../api';
import {
  useCohorts,
  useMembers,
  useRemoveMember,
  useSetMemberCohort,
  type OrganisationScope,
} from '../hooks';
import { ConfirmDialog } from './ConfirmDialog';
import { isFiltered, MemberFilters, noFilters, type MemberFilterValues } from './MemberFilters';
import { PanelHeading, PanelState } from './PanelState';

/** What a member is called on the page: their name, else their e-mail address. */
export function memberName(member: Pick<Member, 'name' | 'email'>): string {
  return member.name || member.email || copy.unnamed;
}

function roleLabel(role: string | null): string {
  return role === 'manager' || role === 'learner' ? copy.roles[role] : '';
}

/**
 * The organisation's members, searched and filtered by cohort on the server, 25 to a page: each
 * one's cohort can be changed here, and a member removed (after a confirmation saying what it
 * does).
 */
export function MembersPanel({
  scope,
  organisationName,
}: {
  scope: OrganisationScope;
  organisationName: string;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const [filters, setFilters] = useState<MemberFilterValues>(noFilters);
  const [page, setPage] = useState(0);
  const [removing, setRemoving] = useState<Member | null>(null);
  const members = useMembers(scope, { ...filters, page });
  const cohorts = useCohorts(scope);
  const remove = useRemoveMember(scope);
  const setCohort = useSetMemberCohort(scope);
  const data = members.data;

  // The cohort each member was just moved to, shown until the list has been read again (or the
  // change is refused, when the select goes back to the member's cohort).
  const [moved, setMoved] = useState<ReadonlyMap<string, string | null>>(new Map());
  const cohortOf = (member: Member) =>
    moved.has(member.id) ? (moved.get(member.id) ?? null) : member.cohort_id;

  const changeCohort = (member: Member, cohortId: string | null) => {
    const cohortName = cohorts.data?.find((cohort) => cohort.id === cohortId)?.name ?? null;
    const forget = () =>
      setMoved((current) => {
        const next = new Map(current);
        next.delete(member.id);
        return next;
      });
    setMoved((current) => new Map(current).set(member.id, cohortId));
    setCohort.mutate(
      { memberId: member.id, cohortId },
      {
        // Called once the list has been read again (the mutation's onSettled waits for it).
        onSuccess: () => {
          forget();
          toast.success(copy.cohortChanged(memberName(member), cohortName));
        },
        onError: (error) => {
          forget();
          toastWriteFailure(error, copy.cohortFailed);
        },
      },
    );
  };

  const confirmRemove = () => {
    const member = removing;
    if (!member) return;
    remove.mutate(member.id, {
      onSuccess: () => toast.success(copy.removed(memberName(member))),
      onError: (error) => toastWriteFailure(error, copy.removeFailed),
    });
  };

  const columns: TableColumn<Member>[] = [
    { header: copy.columns.name, rowHeader: true, cell: memberName },
    {
      header: copy.columns.email,
      className: '[overflow-wrap:anywhere]',
      cell: (member) => member.email,
    },
    {
      header: copy.columns.cohort,
      cell: (member) => (
        <CohortSelect
          member={member}
          value={cohortOf(member)}
          cohorts={cohorts.data ?? []}
          onChange={(cohortId) => changeCohort(member, cohortId)}
        />
      ),
    },
    { header: copy.columns.role, cell: (member) => roleLabel(member.role) },
    {
      header: copy.columns.joined,
      className: 'whitespace-nowrap',
      cell: (member) => (member.joined_at ? formatDate(member.joined_at) : ''),
    },
    {
      header: copy.columns.completed,
      className: 'whitespace-nowrap tabular-nums',
      cell: (member) => copy.completedOf(member.completed ?? 0, member.assigned ?? 0),
    },
    {
      header: copy.columns.overdue,
      className: 'tabular-nums',
      cell: (member) => copy.overdue(member.overdue ?? 0),
    },
    {
      header: copy.columns.actions,
      actions: true,
      cell: (member) =>
        member.user_id === scope.userId ? null : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={copy.removeLabel(memberName(member))}
            onClick={() => setRemoving(member)}
          >
            {copy.remove}
          </Button>
        ),
    },
  ];

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <PanelHeading id={headingId} ref={heading} copy={copy} />
      <MemberFilters
        value={filters}
        searchRef={searchField}
        cohorts={cohorts.data ?? []}
        onChange={(value) => {
          setFilters(value);
          setPage(0);
        }}
      />
      {data && data.rows.length > 0 ? (
        <ScrollTable
          caption={copy.caption}
          columns={columns}
          rows={data.rows}
          rowKey={(member) => member.id}
        />
      ) : null}
      {data && data.rows.length === 0 ? (
        <div className="space-y-3 rounded-lg border px-4 py-8 text-center text-muted-foreground">
          <p>{isFiltered(filters) ? memberFilters.noMatches : copy.empty}</p>
          {isFiltered(filters) ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setFilters(noFilters);
                setPage(0);
                searchField.current?.focus();
              }}
            >
              {memberFilters.clearFilters}
            </Button>
          ) : null}
        </div>
      ) : null}
      <PanelState pending={members.isPending} failed={members.isError && !data} copy={copy} />
      <Pager
        label={copy.pagesLabel}
        page={page}
        pageSize={ORGANISATION_PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={copy.removeConfirm.title(removing ? memberName(removing) : '')}
        description={copy.removeConfirm.description(
          removing ? memberName(removing) : '',
          organisationName,
        )}
        confirmLabel={copy.removeConfirm.confirm}
        afterConfirm={heading}
        onConfirm={confirmRemove}
      />
    </section>
  );
}

/** A member's cohort, changed as soon as another is chosen. */
function CohortSelect({
  member,
  value,
  cohorts,
  onChange,
}: {
  member: Member;
  value: string | null;
  cohorts: readonly Cohort[];
  onChange: (cohortId: string | null) => void;
}) {
  return (
    <NativeSelect
      aria-label={copy.cohortSelectLabel(memberName(member))}
      value={value ?? ''}
      className="w-full min-w-36"
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">{memberFilters.noCohort}</option>
      {cohorts.map((cohort) => (
        <option key={cohort.id} value={cohort.id}>
          {cohort.name}
        </option>
      ))}
    </NativeSelect>
  );
}
