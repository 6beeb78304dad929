import { Link } from '@/lib/links';
import type { CardItem } from '@/content/types';
import { cn } from '@/lib/cn';

const columnClasses = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
  5: 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5',
} as const;

/** Cards in a responsive grid: the one card markup of the marketing pages. */
export function CardGrid({
  items,
  columns = 3,
  headingLevel = 3,
}: {
  items: readonly CardItem[];
  columns?: keyof typeof columnClasses;
  headingLevel?: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={cn('grid gap-6', columnClasses[columns])}>
      {items.map((item) => {
        const Icon = item.icon;
        return (
          <li
            key={item.title}
            className="relative flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
          >
            {item.image ? (
              <img
                src={item.image.src}
                alt={item.image.alt}
                loading="lazy"
                decoding="async"
                width={640}
                height={360}
                className="aspect-video w-full object-cover"
              />
            ) : null}
            <div className="flex flex-1 flex-col p-6">
              {Icon ? (
                <span className="mb-4 flex h-12 w-12 items-center justify-center rounded-lg bg-secondary text-primary">
                  <Icon aria-hidden className="h-6 w-6" />
                </span>
              ) : null}
              <Heading className="text-lg font-semibold text-brand-ink">
                {item.href ? (
                  <Link
                    to={item.href}
                    className="after:absolute after:inset-0 focus-visible:outline-none"
                  >
                    {item.title}
                  </Link>
                ) : (
                  item.title
                )}
              </Heading>
              <p className="mt-2 text-muted-foreground">{item.text}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
