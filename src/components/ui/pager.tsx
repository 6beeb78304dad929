import { Button } from '@/components/ui/button';
import { pagerCopy as copy } from '@/content/pager';

/**
 * "Showing 1–25 of 80" with Previous and Next, for a list read `pageSize` rows at a time. An empty
 * list says so itself ('No leads yet', 'No matches for …'), so the pager then shows nothing (its
 * live region stays, to announce the count when rows come).
 */
export function Pager({
  label,
  page,
  pageSize,
  total,
  onPage,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total === 0 ? '' : copy.showing(first, last, total)}
      </p>
      {total > 0 ? (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={page === 0}
            onClick={() => onPage(page - 1)}
          >
            {copy.previous}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={page + 1 >= pages}
            onClick={() => onPage(page + 1)}
          >
            {copy.next}
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
