import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CsvExportButton } from '@/components/ui/csv-export-button';
import { SearchField } from '@/components/ui/search-field';
import { AdminSubpageHeader } from '@/components/layout/AdminSubpageHeader';
import { leadsPage as copy } from '@/content/sales';
import { Constants } from '@/lib/database.types';
import { SALES_PAGE_SIZE, type Lead, type LeadStatus } from '../api';
import { LeadDialog } from '../components/LeadDialog';
import { LeadList } from '../components/LeadList';
import { leadsCsvExport } from '../csvExport';
import { Pager } from '@/components/ui/pager';
import { useLeads } from '../hooks';
import { ValueFilter } from '../components/ValueFilter';
import { ListLoadState } from '../components/ListLoadState';

const statusFilters = Constants.public.Enums.leads_status;

/**
 * The interest registered on /book-demo (admins only: the route's guard, RLS and update_lead all
 * check): searched and filtered on the server, a page at a time, each lead opened to read and
 * followed up.
 */
export default function LeadsPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<LeadStatus | null>(null);
  const [page, setPage] = useState(0);
  // The lead's id: the dialog shows the lead as last read, so it follows a save.
  const [openId, setOpenId] = useState<string | null>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const { data, isPending, isError } = useLeads(page, search, status);
  const openLead = data?.rows.find((lead) => lead.id === openId) ?? null;

  return (
    <div className="container space-y-8 py-12 md:py-16">
      <AdminSubpageHeader copy={copy} />

      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          ref={searchField}
          label={copy.searchLabel}
          placeholder={copy.searchPlaceholder}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(0);
          }}
        />
        <ValueFilter
          inline
          label={copy.statusFilterLabel}
          allLabel={copy.allStatuses}
          values={statusFilters}
          labels={copy.statuses}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(0);
          }}
        />
        <div className="sm:ml-auto">
          <CsvExportButton
            request={() => leadsCsvExport({ search, status })}
            disabled={(data?.total ?? 0) === 0}
          />
        </div>
      </div>

      <div className="space-y-4">
        {data && data.rows.length > 0 ? (
          <LeadList leads={data.rows} onOpen={(lead: Lead) => setOpenId(lead.id)} />
        ) : null}
        {data && data.rows.length === 0 ? (
          <EmptyLeads
            search={search.trim()}
            filtered={status !== null}
            onClear={() => {
              setSearch('');
              setPage(0);
              searchField.current?.focus();
            }}
          />
        ) : null}
        <ListLoadState pending={isPending} failed={isError && !data} copy={copy} />
        <Pager
          label={copy.pagesLabel}
          page={page}
          pageSize={SALES_PAGE_SIZE}
          total={data?.total ?? 0}
          onPage={setPage}
        />
      </div>

      <LeadDialog lead={openLead} onClose={() => setOpenId(null)} />
    </div>
  );
}

function EmptyLeads({
  search,
  filtered,
  onClear,
}: {
  search: string;
  filtered: boolean;
  onClear: () => void;
}) {
  return (
    <div className="space-y-3 rounded-lg border px-4 py-8 text-center text-muted-foreground">
      <p>{search ? copy.noMatches(search) : filtered ? copy.noMatchesForStatus : copy.empty}</p>
      {search ? (
        <Button variant="outline" size="sm" onClick={onClear}>
          {copy.clearSearch}
        </Button>
      ) : null}
    </div>
  );
}
