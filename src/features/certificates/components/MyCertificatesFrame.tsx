import type { ReactNode } from 'react';
import { DashboardSection } from '@/components/layout/DashboardSection';
import { Skeleton } from '@/components/ui/skeleton';
import { myCertificatesCopy as copy } from '@/content/myCertificates';

/**
 * My certificates' section and heading. Small and apart from the section's code, so the dashboard
 * shows it (with the skeleton) while that code loads.
 */
export function MyCertificatesFrame({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <DashboardSection heading={copy.heading} intro={copy.intro} busy={busy}>
      {children}
    </DashboardSection>
  );
}

/** Placeholders the shape of the certificate rows, while the certificates load. */
export function MyCertificatesSkeleton() {
  return (
    <div className="mt-4">
      <p role="status" className="sr-only">
        {copy.loading}
      </p>
      <ul aria-hidden className="divide-y rounded-lg border">
        {[0, 1].map((item) => (
          <li key={item} className="flex flex-wrap items-center gap-3 p-4">
            <Skeleton className="h-5 w-40 rounded" />
            <Skeleton className="h-4 w-32 rounded" />
            <Skeleton className="ml-auto h-5 w-14 rounded-md" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The section as it stands while its code loads. */
export function MyCertificatesLoading() {
  return (
    <MyCertificatesFrame busy>
      <MyCertificatesSkeleton />
    </MyCertificatesFrame>
  );
}
