import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { learningSummaryCopy as copy } from '@/content/learning';
import { findModule } from '@/content/modules';
import type { LearningSummary } from '../api';
import { useLearningSummary } from '../hooks';
import { ListLoadState } from './ListLoadState';

const columns: TableColumn<LearningSummary>[] = [
  {
    header: copy.columns.module,
    rowHeader: true,
    cell: (row) => findModule(row.module)?.title ?? row.module,
  },
  {
    header: copy.columns.starts,
    className: 'tabular-nums',
    cell: (row) => row.starts,
  },
  {
    header: copy.columns.completions,
    className: 'tabular-nums',
    cell: (row) => row.completions,
  },
  {
    header: copy.columns.medianMinutes,
    className: 'tabular-nums',
    cell: (row) => copy.medianMinutes(row.median_minutes),
  },
];

/**
 * Learning records per module for the page's period (admin_learning_summary): starts, completions
 * and the median minutes watched.
 */
export function LearningPanel({ days, period }: { days: number; period: string }) {
  const { data, isPending, isError } = useLearningSummary(days);
  return (
    <section aria-labelledby="learning-heading" className="space-y-4">
      <div>
        <h2 id="learning-heading" className="text-2xl font-semibold text-brand-ink">
          {copy.heading}
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">{copy.intro}</p>
      </div>
      {data && data.length > 0 ? (
        <ScrollTable
          caption={copy.caption(period)}
          columns={columns}
          rows={data}
          rowKey={(row) => row.module}
        />
      ) : null}
      {data && data.length === 0 ? (
        <p className="rounded-lg border px-4 py-8 text-center text-muted-foreground">
          {copy.empty}
        </p>
      ) : null}
      <ListLoadState pending={isPending} failed={isError && !data} copy={copy} />
    </section>
  );
}
