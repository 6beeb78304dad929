import { useState } from 'react';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { activityPage, emailKinds } from '@/content/sales';
import { formatDateTime } from '@/lib/dates';
import { SALES_PAGE_SIZE, type EmailDelivery } from '../api';
import { useEmailDeliveries } from '../hooks';
import { Pager } from '@/components/ui/pager';
import { ListLoadState } from './ListLoadState';

const copy = activityPage.emailDeliveries;

/** What happens next to an e-mail that failed, from what its row records. */
function status(delivery: EmailDelivery): string {
  if (delivery.cancelled_at) return copy.statuses.cancelled;
  if (delivery.request_id !== null) return copy.statuses.sending;
  if (delivery.attempts >= delivery.max_attempts) return copy.statuses.gaveUp;
  return copy.statuses.retrying;
}

const columns: TableColumn<EmailDelivery>[] = [
  {
    header: copy.columns.email,
    rowHeader: true,
    className: 'whitespace-nowrap align-top',
    cell: (delivery) => emailKinds[delivery.kind],
  },
  {
    header: copy.columns.recipient,
    className: 'align-top',
    cell: (delivery) => delivery.profiles?.email ?? '',
  },
  {
    header: copy.columns.attempts,
    className: 'whitespace-nowrap align-top tabular-nums',
    cell: (delivery) => copy.attempts(delivery.attempts, delivery.max_attempts),
  },
  {
    header: copy.columns.lastAttempt,
    className: 'whitespace-nowrap align-top',
    cell: (delivery) => (delivery.last_attempt_at ? formatDateTime(delivery.last_attempt_at) : ''),
  },
  {
    header: copy.columns.lastError,
    className: 'min-w-56 break-words align-top',
    cell: (delivery) => delivery.last_error,
  },
  {
    header: copy.columns.status,
    className: 'whitespace-nowrap align-top',
    cell: status,
  },
];

/**
 * The e-mails the database asked for (trial reminders) that the mail provider has not accepted,
 * with their attempts and last error: what makes the hourly job's runs fail.
 */
export function EmailDeliveriesPanel() {
  const [page, setPage] = useState(0);
  const { data, isPending, isError } = useEmailDeliveries(page);

  return (
    <section aria-labelledby="email-deliveries-heading" className="space-y-4">
      <div>
        <h2 id="email-deliveries-heading" className="text-2xl font-semibold text-brand-ink">
          {copy.heading}
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">{copy.intro}</p>
      </div>
      {data && data.rows.length > 0 ? (
        <ScrollTable
          caption={copy.caption}
          columns={columns}
          rows={data.rows}
          rowKey={(delivery) => delivery.id}
        />
      ) : null}
      {data && data.rows.length === 0 ? (
        <p className="rounded-lg border px-4 py-8 text-center text-muted-foreground">
          {copy.empty}
        </p>
      ) : null}
      <ListLoadState pending={isPending} failed={isError && !data} copy={copy} />
      {data && data.total > data.rows.length ? (
        <Pager
          label={copy.pagesLabel}
          page={page}
          pageSize={SALES_PAGE_SIZE}
          total={data.total}
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}
