import { useSyncExternalStore, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One column of a data table: its header and what a row shows in it. */
export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column that names the row: a row header in the table, the title of the row's card. */
  rowHeader?: boolean;
  /** The row's buttons: in a card, shown under the other values, without a label. */
  actions?: boolean;
  /** Classes of the column's table cells (a card lays its values out itself). */
  className?: string;
}

const wideQuery = '(min-width: 640px)';

function subscribeToWidth(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(wideQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the screen is 640 px or wider: data shows as a table there, as cards below. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => typeof window.matchMedia !== 'function' || window.matchMedia(wideQuery).matches,
    () => true,
  );
}

interface ScrollTableProps<Row> {
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  after?: ReactNode;
}

/**
 * A data table from 640 px, in a scrolling region: focusable, so keyboard users can scroll a table
 * wider than its column, and named by the table's caption. Below 640 px each row is a card (a list
 * named by the caption) whose values are labelled by their headers and whose actions fit the
 * screen. `after` shows under the rows (an empty list's message).
 */
export function ScrollTable<Row>({ caption, columns, rows, rowKey, after }: ScrollTableProps<Row>) {
  const wide = useWideScreen();
  if (!wide)
    return (
      <RowCards caption={caption} columns={columns} rows={rows} rowKey={rowKey} after={after} />
    );

  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region
      tabIndex={0}
      className="overflow-x-auto rounded-lg border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60">
          <tr>
            {columns.map(({ header }) => (
              <th key={header} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map(({ header, cell, rowHeader, className }) =>
                rowHeader ? (
                  <th
                    key={header}
                    scope="row"
                    className={cn('px-4 py-3 text-left font-medium', className)}
                  >
                    {cell(row)}
                  </th>
                ) : (
                  <td key={header} className={cn('px-4 py-3', className)}>
                    {cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {after}
    </div>
  );
}

function RowCards<Row>({ caption, columns, rows, rowKey, after }: ScrollTableProps<Row>) {
  const title = columns.find((column) => column.rowHeader);
  const values = columns.filter((column) => !column.rowHeader && !column.actions);
  const actions = columns.filter((column) => column.actions);
  return (
    <div className="space-y-3">
      {rows.length > 0 ? (
        <ul aria-label={caption} className="space-y-3">
          {rows.map((row) => (
            <li key={rowKey(row)} className="space-y-3 rounded-lg border bg-card p-4 text-sm">
              {title ? (
                <p className="text-base font-semibold [overflow-wrap:anywhere]">
                  {title.cell(row)}
                </p>
              ) : null}
              <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1.5">
                {values.map(({ header, cell }) => (
                  <div key={header} className="contents">
                    <dt className="text-muted-foreground">{header}</dt>
                    <dd className="min-w-0 [overflow-wrap:anywhere]">{cell(row)}</dd>
                  </div>
                ))}
              </dl>
              {actions.map(({ header, cell }) => (
                <div key={header} className="[&>*]:flex-wrap">
                  {cell(row)}
                </div>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
      {after ? <div className="rounded-lg border empty:hidden">{after}</div> : null}
    </div>
  );
}
