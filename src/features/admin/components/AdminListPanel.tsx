import { useId, useState, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ADMIN_PAGE_SIZE, type AdminRows, type AdminTab } from '../api';
import { useAdminList } from '../hooks';
import { ScrollTable } from '@/components/ui/scroll-table';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * One admin list: a search on name and e-mail, a table of the current page read from the server,
 * and paging with the total. `empty` is shown when nothing matches.
 */
export function AdminListPanel<Tab extends AdminTab>({
  tab,
  caption,
  columns,
  rowKey,
  empty,
}: {
  tab: Tab;
  caption: string;
  columns: Column<AdminRows<Tab>[number]>[];
  rowKey: (row: AdminRows<Tab>[number]) => string;
  empty: string;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const searchId = useId();
  const { data, isPending, isError } = useAdminList(tab, page, search);
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const first = total === 0 ? 0 : page * ADMIN_PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * ADMIN_PAGE_SIZE);

  return (
    <div className="space-y-4">
      <div className="relative max-w-sm">
        <label htmlFor={searchId} className="sr-only">
          Search {caption.toLowerCase()} by name or e-mail
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search by name or e-mail"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          className="pl-9"
        />
      </div>

      <ScrollTable
        caption={caption}
        headers={columns.map((column) => column.header)}
        after={
          <>
            {data && data.rows.length === 0 ? (
              <p className="px-4 py-8 text-center text-muted-foreground">{empty}</p>
            ) : null}
            {isPending ? (
              <p className="px-4 py-8 text-center text-muted-foreground">Loading...</p>
            ) : null}
            {isError && !data ? (
              <p className="px-4 py-8 text-center text-muted-foreground">
                Failed to load admin data.
              </p>
            ) : null}
          </>
        }
      >
        {data?.rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.header} className="px-4 py-3 align-middle">
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </ScrollTable>

      <nav
        aria-label={`${caption} pages`}
        className="flex flex-wrap items-center justify-between gap-3"
      >
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total === 0 ? 'No results' : `Showing ${first}–${last} of ${total}`}
        </p>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={page === 0}
            onClick={() => setPage((current) => current - 1)}
          >
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={page + 1 >= pages}
            onClick={() => setPage((current) => current + 1)}
          >
            Next
          </Button>
        </div>
      </nav>
    </div>
  );
}
