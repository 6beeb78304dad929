import { Button } from '@/components/ui/button';
import { adminCertificatesPage as copy } from '@/content/certificates';
import { ADMIN_CERTIFICATES_PAGE_SIZE } from '../api';

/** "Showing 1–25 of 80" with Previous and Next, as the other admin lists page. */
export function CertificatePager({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_CERTIFICATES_PAGE_SIZE));
  const first = total === 0 ? 0 : page * ADMIN_CERTIFICATES_PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * ADMIN_CERTIFICATES_PAGE_SIZE);
  return (
    <nav aria-label={copy.pagesLabel} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total === 0 ? copy.noResults : copy.showing(first, last, total)}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
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
    </nav>
  );
}
