import { useEffect } from 'react';
import { Link } from '@/lib/links';
import { PageHero } from '@/components/layout/PageHero';
import { CardGrid } from '@/components/marketing/CardGrid';
import type { CardItem } from '@/content/types';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { moduleImage, modules, trialModuleSlugs } from '@/content/modules';
import { trialPages } from '@/content/trialPages';
import { trialCopy } from '@/content/trial';
import { trialStatusCopy } from '@/content/trialStatus';
import { useAuth } from '@/lib/auth/AuthProvider';
import { toast } from '@/lib/toast';
import { hasValidTrialMarker } from '@/lib/trialMarker';
import { TrialStatusBanner } from '../components/TrialStatusBanner';
import type { TrialStatus } from '../trialStatus';
import { useTrialStatus } from '../hooks';

const trialModuleCards: CardItem[] = trialModuleSlugs.map((slug) => ({
  title: modules[slug].title,
  text: modules[slug].summary,
  image: moduleImage(slug),
  href: `/modules/trial/${slug}`,
}));

const withoutTrial = {
  ...trialPages.trialLibrary,
  intro: trialStatusCopy.library.introWithoutTrial,
};

export default function TrialLibraryPage() {
  const { user } = useAuth();
  // The guard renders this page only for a signed-in user.
  return user ? <TrialLibrary userId={user.id} /> : <PageHero copy={withoutTrial} />;
}

function TrialLibrary({ userId }: { userId: string }) {
  const { status, loading, failed } = useTrialStatus(userId);

  useEffect(() => {
    if (failed)
      toast.error(trialCopy.toasts.verifyFailed.title, trialCopy.toasts.verifyFailed.description);
  }, [failed]);

  // "Free for the 30 days of your trial" only to a user who has one (the marker guesses, until
  // the status is read, so the lead text seldom changes under the reader).
  const active = loading ? hasValidTrialMarker() : status.active;
  return (
    <>
      <PageHero copy={active ? trialPages.trialLibrary : withoutTrial} />
      <div className="container pb-16 md:pb-24">
        {loading ? (
          <p aria-busy>{trialStatusCopy.card.loading}</p>
        ) : (
          <TrialModules status={status} />
        )}
      </div>
    </>
  );
}

function TrialModules({ status }: { status: TrialStatus }) {
  return (
    <div className="space-y-10">
      <TrialStatusBanner status={status} />
      {status.active ? (
        <section aria-labelledby="trial-modules-heading">
          <h2 id="trial-modules-heading" className="mb-6 text-2xl font-semibold">
            Your trial modules
          </h2>
          <CardGrid items={trialModuleCards} columns={3} />
        </section>
      ) : (
        <div className="rounded-xl border bg-card p-8 text-center">
          <p className="text-lg">{trialStatusCopy.library.notActive}</p>
          {status.state === 'pending' ||
          (status.state === 'expired' && !status.canRetrial) ? null : (
            <Link to="/trial-signup" className={buttonVariants({ className: 'mt-6' })}>
              {trialStatusCopy.library.signUp}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
