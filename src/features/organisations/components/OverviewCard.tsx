import { useId, type ReactNode } from 'react';
import { organisationOverview as copy } from '@/content/organisation';
import { formatDate } from '@/lib/dates';
import { useOpenInvitations, useOverview, type OrganisationScope } from '../hooks';
import { PanelState } from './PanelState';

/**
 * The organisation at a glance, headed by its name: seats used of its total, its term and
 * status, its open invitations.
 */
export function OverviewCard({ scope, name }: { scope: OrganisationScope; name: string }) {
  const headingId = useId();
  const overview = useOverview(scope);
  const open = useOpenInvitations(scope);
  const data = overview.data;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h2 id={headingId} className="text-2xl font-semibold text-brand-ink">
          {data?.name ?? name}
        </h2>
        {data ? <p className="text-muted-foreground">{copy.kinds[data.kind]}</p> : null}
      </div>
      {data ? (
        <dl className="grid gap-4 sm:grid-cols-3">
          <Fact term={copy.seats}>{copy.seatsUsed(data.seats_used, data.seats)}</Fact>
          <Fact term={copy.term}>
            <span className="block">
              {copy.termDates(formatDate(data.term_starts_on), formatDate(data.term_ends_on))}
            </span>
            <span className="block text-sm font-normal text-muted-foreground">
              {copy.status[data.status]}
            </span>
          </Fact>
          <Fact term={copy.openInvitations}>
            {open.data === undefined ? '…' : copy.openInvitationsValue(open.data)}
          </Fact>
        </dl>
      ) : null}
      <PanelState pending={overview.isPending} failed={overview.isError && !data} copy={copy} />
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}
