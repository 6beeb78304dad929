import { Button } from '@/components/ui/button';

export interface SearchedListCopy {
  empty: string;
  noMatches: (search: string) => string;
  clearSearch: string;
  loading: string;
  loadFailed: string;
}

/**
 * What a searchable, server-paged list shows in place of rows: that it is empty, or that nothing
 * matches the search (with a way to clear it), that it is loading, or that it could not be loaded
 * (while nothing was loaded before).
 */
export function SearchedListMessages({
  rows,
  search,
  isPending,
  isError,
  onClearSearch,
  copy,
}: {
  rows: readonly unknown[] | undefined;
  /** The search as sent (trimmed); empty when there is none. */
  search: string;
  isPending: boolean;
  isError: boolean;
  onClearSearch: () => void;
  copy: SearchedListCopy;
}) {
  return (
    <>
      {rows?.length === 0 ? (
        <div className="space-y-3 rounded-lg border px-4 py-8 text-center text-muted-foreground">
          <p>{search ? copy.noMatches(search) : copy.empty}</p>
          {search ? (
            <Button variant="outline" size="sm" onClick={onClearSearch}>
              {copy.clearSearch}
            </Button>
          ) : null}
        </div>
      ) : null}
      {isPending ? (
        <p className="py-8 text-center text-muted-foreground">{copy.loading}</p>
      ) : isError && !rows ? (
        <p role="alert" className="py-8 text-center text-destructive">
          {copy.loadFailed}
        </p>
      ) : null}
    </>
  );
}
