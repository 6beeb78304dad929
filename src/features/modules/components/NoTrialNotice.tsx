import { Link } from '@/lib/links';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { trialModuleCopy } from '@/content/trainingAccess';

/** In place of Start Training on a trial module page, for a user without an active trial. */
export function NoTrialNotice() {
  const { title, text, linkLabel, href } = trialModuleCopy.noTrial;
  return (
    <div className="w-full max-w-xl rounded-xl border border-primary/20 bg-card p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-brand-ink">{title}</h2>
      <p className="mt-1 text-muted-foreground">{text}</p>
      <Link to={href} className={buttonVariants({ className: 'mt-4' })}>
        {linkLabel}
      </Link>
    </div>
  );
}
