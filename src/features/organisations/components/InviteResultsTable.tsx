import type { Ref } from 'react';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { inviteResults as copy } from '@/content/organisation';
import type { InviteResultRow } from '../api';

export type InviteResult = keyof typeof copy.results;

function isInviteResult(result: string): result is InviteResult {
  return Object.hasOwn(copy.results, result);
}

/** A result of invite_organisation_members in words ("Already a member"). */
export function inviteResultLabel(result: string): string {
  return isInviteResult(result) ? copy.results[result] : copy.unknown;
}

/** How many rows had each result, in the order the results are listed, none left out. */
export function resultCounts(rows: readonly InviteResultRow[]): [InviteResult, number][] {
  const counts = new Map<InviteResult, number>();
  for (const { result } of rows)
    if (isInviteResult(result)) counts.set(result, (counts.get(result) ?? 0) + 1);
  return Object.keys(copy.results)
    .filter(isInviteResult)
    .flatMap((result): [InviteResult, number][] => {
      const rowsWith = counts.get(result);
      return rowsWith ? [[result, rowsWith]] : [];
    });
}

/**
 * Every row's result, with a summary first ("3 people invited out of 5." and the count of each
 * result): the summary is a status message, so it is announced when the results appear.
 */
export function InviteResultsTable({
  rows,
  headingRef,
}: {
  rows: readonly InviteResultRow[];
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const counts = resultCounts(rows);
  const invited = counts.find(([result]) => result === 'invited')?.[1] ?? 0;
  const columns: TableColumn<InviteResultRow>[] = [
    { header: copy.columns.row, className: 'tabular-nums', cell: (row) => row.row_number },
    {
      header: copy.columns.email,
      rowHeader: true,
      className: '[overflow-wrap:anywhere]',
      cell: (row) => row.email || copy.noAddress,
    },
    { header: copy.columns.result, cell: (row) => inviteResultLabel(row.result) },
  ];
  return (
    <div className="space-y-3">
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {copy.heading}
      </h3>
      <div role="status" className="space-y-1">
        <p className="font-medium">{copy.summary(invited, rows.length)}</p>
        <p className="text-sm text-muted-foreground">
          {copy.summaryParts(
            counts.map(([result, count]) => copy.part(copy.results[result], count)),
          )}
        </p>
      </div>
      {counts.some(([result]) => result === 'no_seat') ? (
        <p className="text-sm">{copy.noSeatHint}</p>
      ) : null}
      <ScrollTable
        caption={copy.caption}
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.row_number)}
      />
    </div>
  );
}
