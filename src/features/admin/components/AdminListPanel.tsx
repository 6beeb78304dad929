import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CsvExportButton } from '@/components/ui/csv-export-button';
import { Pager } from '@/components/ui/pager';
import { SearchField } from '@/components/ui/search-field';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { adminList as copy } from '@/content/admin';
import { ADMIN_PAGE_SIZE, type AdminRows, type AdminTab } from '../api';
import { adminCsvExport, isExportable } from '../csvExport';
import { useAdminList } from '../hooks';

export type Column<Row> = TableColumn<Row>;

/**
 * One admin list: a search on name and e-mail, a table (cards on phones) of the current page read
 * from the server, paging with the total, and a CSV export of every page of the current search.
 * `empty` is shown when the list is empty; a search that matches nothing says so and offers to
 * clear it.
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
  const searchField = useRef<HTMLInputElement>(null);
  const { data, isPending, isError } = useAdminList(tab, page, search);
  const total = data?.total ?? 0;
  const searched = search.trim();

  const clearSearch = () => {
    setSearch('');
    setPage(0);
    searchField.current?.focus();
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <SearchField
          ref={searchField}
          label={copy.searchLabel(caption)}
          placeholder={copy.searchPlaceholder}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(0);
          }}
        />
        {isExportable(tab) ? (
          <CsvExportButton request={() => adminCsvExport(tab, search)} disabled={total === 0} />
        ) : null}
      </div>

      <ScrollTable
        caption={caption}
        columns={columns}
        rows={data?.rows ?? []}
        rowKey={rowKey}
        after={
          <>
            {data && data.rows.length === 0 ? (
              <div className="space-y-3 px-4 py-8 text-center text-muted-foreground">
                <p>{searched ? copy.noMatches(searched) : empty}</p>
                {searched ? (
                  <Button variant="outline" size="sm" onClick={clearSearch}>
                    {copy.clearSearch}
                  </Button>
                ) : null}
              </div>
            ) : null}
            {isPending ? (
              <p className="px-4 py-8 text-center text-muted-foreground">{copy.loading}</p>
            ) : null}
            {isError && !data ? (
              <p className="px-4 py-8 text-center text-muted-foreground">{copy.loadFailed}</p>
            ) : null}
          </>
        }
      />

      <Pager
        label={`${caption} pages`}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        total={total}
        onPage={setPage}
      />
    </div>
  );
}
