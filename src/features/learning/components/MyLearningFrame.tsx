import type { ReactNode } from 'react';
import { DashboardSection } from '@/components/layout/DashboardSection';
import { Skeleton } from '@/components/ui/skeleton';
import { myLearningCopy as copy } from '@/content/learning';

/**
 * My learning's section and heading. Small and apart from the section's code, so the dashboard shows
 * it (with the skeleton) while that code loads.
 */
export function MyLearningFrame({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <DashboardSection heading={copy.heading} intro={copy.intro} busy={busy}>
      {children}
    </DashboardSection>
  );
}

/** Placeholders the shape of the module cards, while the learning loads. */
export function MyLearningSkeleton() {
  return (
    <div className="mt-4">
      <p role="status" className="sr-only">
        {copy.loading}
      </p>
      <ul aria-hidden className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((item) => (
          <li key={item} className="space-y-3 rounded-lg border p-4">
            <Skeleton className="h-5 w-2/3 rounded" />
            <Skeleton className="h-2.5 w-full rounded-full" />
            <Skeleton className="h-4 w-1/3 rounded" />
            <Skeleton className="h-9 w-24 rounded-md" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The section as it stands while its code loads. */
export function MyLearningLoading() {
  return (
    <MyLearningFrame busy>
      <MyLearningSkeleton />
    </MyLearningFrame>
  );
}
