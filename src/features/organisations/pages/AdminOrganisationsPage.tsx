import { useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { AdminSubpageHeader } from '@/components/layout/AdminSubpageHeader';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { SearchField } from '@/components/ui/search-field';
import { adminOrganisationsPage as copy } from '@/content/organisationsAdmin';
import { ADMIN_ORGANISATIONS_PAGE_SIZE } from '../adminApi';
import { useAdminOrganisations } from '../adminHooks';
import {
  AdminOrganisationDialog,
  editOrganisationDialog,
  inviteManagerDialog,
  newOrganisationDialog,
  type OrganisationDialog,
} from '../components/AdminOrganisationDialog';
import { AdminOrganisationTable } from '../components/AdminOrganisationTable';
import { SearchedListMessages } from '@/components/lists/SearchedListMessages';

/**
 * Revolve's customers (admins only: the route's guard, and the database's functions, check):
 * newest first, a page at a time, searched by name on the server; create one with its first
 * manager, change its details, invite another manager.
 */
export default function AdminOrganisationsPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState<OrganisationDialog | null>(null);
  // The button that opened the dialog: focus goes back to it when the dialog closes.
  const opener = useRef<HTMLElement | null>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const { data, isPending, isError } = useAdminOrganisations(page, search);
  const trimmed = search.trim();

  const open = (next: OrganisationDialog) => {
    const focused = document.activeElement;
    opener.current = focused instanceof HTMLElement ? focused : null;
    setDialog(next);
  };

  return (
    <div className="container space-y-8 py-12 md:py-16">
      <AdminSubpageHeader copy={copy} />

      <div className="flex flex-wrap items-center justify-between gap-4">
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
        <Button type="button" onClick={() => open(newOrganisationDialog)}>
          <Plus aria-hidden />
          {copy.newLabel}
        </Button>
      </div>

      <div className="space-y-4">
        {data && data.rows.length > 0 ? (
          <AdminOrganisationTable
            organisations={data.rows}
            onEdit={(organisation) => open(editOrganisationDialog(organisation))}
            onInviteManager={(organisation) => open(inviteManagerDialog(organisation))}
          />
        ) : null}
        <SearchedListMessages
          rows={data?.rows}
          search={trimmed}
          isPending={isPending}
          isError={isError}
          onClearSearch={() => {
            setSearch('');
            setPage(0);
            searchField.current?.focus();
          }}
          copy={copy}
        />
        <Pager
          label={copy.pagesLabel}
          page={page}
          pageSize={ADMIN_ORGANISATIONS_PAGE_SIZE}
          total={data?.total ?? 0}
          onPage={setPage}
        />
      </div>

      <AdminOrganisationDialog
        dialog={dialog}
        opener={opener}
        onOpen={setDialog}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
