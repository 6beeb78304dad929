import { useId, useMemo, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CsvExportButton } from '@/components/ui/csv-export-button';
import { Pager } from '@/components/ui/pager';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { completionMatrix as copy, memberFilters } from '@/content/organisation';
import { formatDate } from '@/lib/dates';
import { Link } from '@/lib/links';
import { verifyPath } from '@shared/certificate-code.ts';
import { ORGANISATION_PAGE_SIZE, type ProgressCell } from '../api';
import { useCohorts, useMembers, useProgress, type OrganisationScope } from '../hooks';
import {
  cellsByMember,
  cellText,
  completionCsvExport,
  matrixModules,
  matrixRows,
  moduleTitle,
  type MatrixRow,
} from '../progressCsv';
import { memberName } from './MembersPanel';
import { isFiltered, MemberFilters, noFilters, type MemberFilterValues } from './MemberFilters';
import { PanelHeading, PanelState } from './PanelState';

/**
 * Members down (searched, filtered by cohort, ordered and paged on the server, as the members
 * list), and across, the modules the organisation shows anyone. Each cell says where the member
 * is, links a certificate to its public check, and marks an overdue module in words. "Export CSV"
 * writes every member of the current filters.
 */
export function CompletionMatrix({ scope }: { scope: OrganisationScope }) {
  const headingId = useId();
  const searchField = useRef<HTMLInputElement>(null);
  const [filters, setFilters] = useState<MemberFilterValues>(noFilters);
  const [page, setPage] = useState(0);
  const members = useMembers(scope, { ...filters, page });
  const cohorts = useCohorts(scope);
  const progress = useProgress(scope);
  const modules = useMemo(() => matrixModules(progress.data ?? []), [progress.data]);
  const byMember = useMemo(() => cellsByMember(progress.data ?? []), [progress.data]);
  const rows = members.data && progress.data ? matrixRows(members.data.rows, byMember) : null;

  const columns: TableColumn<MatrixRow>[] = [
    {
      header: copy.columns.member,
      rowHeader: true,
      cell: ({ member }) => (
        <>
          <span className="block">{memberName(member)}</span>
          <span className="block font-normal text-muted-foreground [overflow-wrap:anywhere]">
            {member.email}
          </span>
        </>
      ),
    },
    { header: copy.columns.cohort, cell: ({ member }) => member.cohort_name ?? '' },
    {
      header: copy.columns.completed,
      className: 'whitespace-nowrap tabular-nums',
      cell: ({ member }) => copy.completedOf(member.completed ?? 0, member.assigned ?? 0),
    },
    {
      header: copy.columns.overdue,
      className: 'tabular-nums',
      cell: ({ member }) => copy.overdueCount(member.overdue ?? 0),
    },
    ...modules.map((module): TableColumn<MatrixRow> => ({
      header: moduleTitle(module),
      className: 'min-w-36',
      cell: ({ member, cells }) => (
        <MatrixCell cell={cells.get(module)} module={module} memberName={memberName(member)} />
      ),
    })),
  ];

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <PanelHeading
        id={headingId}
        copy={copy}
        actions={
          <CsvExportButton
            request={() =>
              completionCsvExport({ organisationId: scope.organisationId, filters, modules })
            }
            disabled={(members.data?.total ?? 0) === 0 || !progress.data}
          />
        }
      />
      <MemberFilters
        value={filters}
        searchRef={searchField}
        cohorts={cohorts.data ?? []}
        sortable
        onChange={(value) => {
          setFilters(value);
          setPage(0);
        }}
      />
      {progress.data && modules.length === 0 ? (
        <p className="rounded-lg border px-4 py-3 text-muted-foreground">{copy.noModules}</p>
      ) : null}
      {rows && rows.length > 0 ? (
        <ScrollTable
          caption={copy.caption}
          columns={columns}
          rows={rows}
          rowKey={({ member }) => member.id}
        />
      ) : null}
      {rows?.length === 0 ? (
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
      <PanelState
        pending={members.isPending || progress.isPending}
        failed={(members.isError && !members.data) || (progress.isError && !progress.data)}
        copy={copy}
      />
      <Pager
        label={copy.pagesLabel}
        page={page}
        pageSize={ORGANISATION_PAGE_SIZE}
        total={members.data?.total ?? 0}
        onPage={setPage}
      />
    </section>
  );
}

/**
 * One member's progress on one module: a dash (read as "Not assigned") where the module is not
 * shown to them; else where they are, the certificate's link, and "Overdue" in words.
 */
export function MatrixCell({
  cell,
  module,
  memberName,
}: {
  cell: ProgressCell | undefined;
  module: string;
  memberName: string;
}) {
  if (!cell)
    return (
      <>
        <span aria-hidden>—</span>
        <span className="sr-only">{copy.notAssigned}</span>
      </>
    );
  return (
    <span className="flex flex-col items-start gap-1">
      <span>{cellText(cell)}</span>
      {cell.certificate_code ? (
        <Link
          to={verifyPath(cell.certificate_code)}
          aria-label={copy.certificateLabel(moduleTitle(module), memberName)}
          className="text-primary underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {copy.certificate}
        </Link>
      ) : null}
      {cell.overdue ? <Badge variant="destructive">{copy.overdue}</Badge> : null}
      {cell.due_on && cell.state !== 'completed' ? (
        <span className="whitespace-nowrap text-xs text-muted-foreground">
          {copy.due(formatDate(cell.due_on))}
        </span>
      ) : null}
    </span>
  );
}
