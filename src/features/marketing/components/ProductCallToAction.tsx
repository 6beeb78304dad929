import { Link } from '@/lib/links';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { cn } from '@/lib/cn';
import { Section } from '@/components/marketing/Section';
import type { PageAction } from '@/content/types';

/** A row of link buttons: a hero's or a closing band's actions. */
export function PageActionLinks({
  actions,
  onDark = false,
}: {
  actions: readonly PageAction[];
  /** On the dark band the outline button needs light text and border. */
  onDark?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      {actions.map((action) => (
        <Link
          key={action.to}
          to={action.to}
          className={cn(
            buttonVariants({
              size: 'lg',
              variant: onDark && action.variant === 'default' ? 'secondary' : action.variant,
            }),
            onDark &&
              action.variant === 'outline' &&
              'border-white/60 bg-transparent text-white hover:bg-white/10 hover:text-white',
          )}
        >
          {action.label}
        </Link>
      ))}
    </div>
  );
}

/** The closing band of a product page: a last heading, a line of text and where to go next. */
export function ProductCallToAction({
  title,
  text,
  actions,
}: {
  title: string;
  text: string;
  actions: readonly PageAction[];
}) {
  return (
    <Section tone="dark" title={title} intro={text} className="relative overflow-hidden">
      <PageActionLinks actions={actions} onDark />
    </Section>
  );
}
