import type { ReactNode } from 'react';

/**
 * A row's actions cell: 'Processing...' while this row's action runs, otherwise its buttons, which
 * `children` renders disabled while any row's action runs.
 */
export function RowActions({
  rowId,
  busyId,
  children,
}: {
  rowId: string;
  busyId: string | null;
  children: (disabled: boolean) => ReactNode;
}) {
  if (busyId === rowId) {
    return (
      <span role="status" className="text-muted-foreground">
        Processing...
      </span>
    );
  }
  return <div className="flex gap-2">{children(busyId !== null)}</div>;
}
