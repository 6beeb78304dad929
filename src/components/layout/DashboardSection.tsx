import { useId, type ReactNode } from 'react';

/** A card of the dashboard: a section named by its heading, busy while its content loads. */
export function DashboardSection({
  heading,
  busy = false,
  children,
}: {
  heading: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={busy} className="rounded-xl border bg-card p-6">
      <h2 id={headingId} className="text-xl font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}
