import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PageHero } from '@/components/layout/PageHero';
import { CardGrid } from '@/components/marketing/CardGrid';
import type { CardItem } from '@/content/types';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { moduleImage, modules, trialModuleSlugs } from '@/content/modules';
import { trialPages } from '@/content/trialPages';
import { trialCopy } from '@/content/trial';
import { useAuth } from '@/lib/auth/AuthProvider';
import { toast } from '@/lib/toast';
import { TrialStatusBanner } from '../components/TrialStatusBanner';
import { useTrialStatus } from '../hooks';

const trialModuleCards: CardItem[] = trialModuleSlugs.map((slug) => ({
  title: modules[slug].title,
  text: modules[slug].summary,
  image: moduleImage(slug),
  href: `/modules/trial/${slug}`,
}));

export default function TrialLibraryPage() {
  const { user } = useAuth();
  return (
    <>
      <PageHero copy={trialPages.trialLibrary} />
      <div className="container pb-16 md:pb-24">
        {/* The guard renders this page only for a signed-in user. */}
        {user ? <TrialModules userId={user.id} /> : null}
      </div>
    </>
  );
}

function TrialModules({ userId }: { userId: string }) {
  const { status, loading, failed } = useTrialStatus(userId);

  useEffect(() => {
    if (failed)
      toast.error(trialCopy.toasts.verifyFailed.title, trialCopy.toasts.verifyFailed.description);
  }, [failed]);

  if (loading) return <p aria-busy>{trialCopy.card.loading}</p>;
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
          <p className="text-lg">{trialCopy.library.notActive}</p>
          {status.state === 'pending' ||
          (status.state === 'expired' && !status.canRetrial) ? null : (
            <Link to="/trial-signup" className={buttonVariants({ className: 'mt-6' })}>
              {trialCopy.library.signUp}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
