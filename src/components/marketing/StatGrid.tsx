import type { Stat } from '@/content/types';

/** Headline figures: the value large, what it measures beneath. */
export function StatGrid({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col-reverse rounded-xl border bg-card p-6 shadow-sm"
        >
          <dt className="mt-2 text-muted-foreground">{stat.label}</dt>
          <dd className="text-4xl font-bold tracking-tight text-primary">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
