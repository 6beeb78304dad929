import { Button } from '@/components/ui/button';
import { findModule } from '@/content/modules';
import { activityPage } from '@/content/sales';
import type { Funnel } from '../api';
import { useFunnel } from '../hooks';
import { BarChart } from './BarChart';

const copy = activityPage.funnel;
const startsCopy = activityPage.moduleStarts;
const steps = Object.keys(copy.steps) as (keyof Funnel)[];

/** The page's first period (the last 30 days) and its name. */
export const defaultPeriodDays = copy.periods[0]?.days ?? 30;
export const periodName = (days: number) =>
  copy.periods.find((option) => option.days === days)?.label ?? '';

/**
 * The funnel's counts and the module starts for the last 30 or 90 days: the toggle sets the page's
 * period (the learning panel follows it).
 */
export function FunnelPanel({
  days,
  onDaysChange: setDays,
}: {
  days: number;
  onDaysChange: (days: number) => void;
}) {
  const { funnel, starts } = useFunnel(days);
  const period = periodName(days);

  const funnelBars = funnel.data
    ? steps.map((step) => ({ label: copy.steps[step], value: funnel.data[step] }))
    : [];
  const startBars = (starts.data ?? []).map((row) => ({
    label: findModule(row.module_name)?.title ?? row.module_name,
    value: row.starts,
  }));
  const summary = (bars: { label: string; value: number }[]) =>
    bars.map((bar) => `${bar.label} ${bar.value}`);

  return (
    <section aria-labelledby="funnel-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="funnel-heading" className="text-2xl font-semibold text-brand-ink">
          {copy.heading}
        </h2>
        <div role="group" aria-label={copy.periodLabel} className="flex gap-2">
          {copy.periods.map((option) => (
            <Button
              key={option.days}
              size="sm"
              variant={option.days === days ? 'default' : 'outline'}
              aria-pressed={option.days === days}
              onClick={() => setDays(option.days)}
            >
              {option.label}
            </Button>
          ))}
        </div>
      </div>

      {funnel.data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {steps.map((step) => (
              <div key={step} className="rounded-lg border bg-card p-4">
                <dt className="text-sm text-muted-foreground">{copy.steps[step]}</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums">{funnel.data[step]}</dd>
              </div>
            ))}
          </dl>
          <div className="space-y-2">
            <BarChart bars={funnelBars} summary={copy.chartLabel(period, summary(funnelBars))} />
            <p className="text-sm text-muted-foreground">{copy.conversionsHint}</p>
            <p className="text-sm text-muted-foreground">{copy.activeNowHint}</p>
          </div>
        </div>
      ) : funnel.isError ? (
        <p role="alert" className="text-destructive">
          {copy.loadFailed}
        </p>
      ) : (
        <p className="text-muted-foreground">{copy.loading}</p>
      )}

      <div className="space-y-3">
        <h3 className="text-xl font-semibold text-brand-ink">{startsCopy.heading}</h3>
        <p className="text-sm text-muted-foreground">{startsCopy.intro}</p>
        {starts.data && starts.data.length === 0 ? (
          <p className="text-muted-foreground">{startsCopy.empty}</p>
        ) : null}
        {starts.data && starts.data.length > 0 ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <table className="w-full max-w-md text-left text-sm">
              <caption className="sr-only">
                {startsCopy.heading}, {period.toLowerCase()}
              </caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {startsCopy.columns.module}
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    {startsCopy.columns.starts}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {startBars.map((bar) => (
                  <tr key={bar.label}>
                    <th scope="row" className="py-2 pr-4 font-normal">
                      {bar.label}
                    </th>
                    <td className="py-2 text-right tabular-nums">{bar.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <BarChart
              bars={startBars}
              summary={startsCopy.chartLabel(period, summary(startBars))}
            />
          </div>
        ) : null}
        {starts.isError && !starts.data ? (
          <p role="alert" className="text-destructive">
            {copy.loadFailed}
          </p>
        ) : null}
      </div>
    </section>
  );
}
