import { useId, type ReactNode } from 'react';

/**
 * A card of the dashboard: a section named by its heading, busy while its content loads. `headingId`
 * gives the heading a fixed id where something outside the app finds the card by it (the portal
 * speed script waits for the trial card's).
 */
export function DashboardSection({
  heading,
  headingId: fixedHeadingId,
  intro,
  busy = false,
  children,
}: {
  heading: ReactNode;
  headingId?: string;
  /** A sentence under the heading. */
  intro?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  const generatedId = useId();
  const headingId = fixedHeadingId ?? generatedId;
  return (
    <section aria-labelledby={headingId} aria-busy={busy} className="rounded-xl border bg-card p-6">
      <h2 id={headingId} className="text-xl font-semibold">
        {heading}
      </h2>
      {intro ? <p className="mt-1 text-muted-foreground">{intro}</p> : null}
      {children}
    </section>
  );
}
