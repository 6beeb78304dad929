import { Suspense } from 'react';
import { Play } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { findModule, type ModuleSlug } from '@/content/modules';
import { preloadableLazy } from '@/lib/preloadableLazy';
import { ModuleHero } from '../components/ModuleHero';
import { loadModuleDetails } from '../moduleDetails';

// Below the hero, each module's copy is its own chunk (ten modules' copy would not fit the page's
// first-view budget). It hydrates when it arrives, after the hero is already interactive; the
// prerendered HTML holds all of it from the start.
const body = preloadableLazy<{ slug: ModuleSlug }>(() =>
  import('../components/ModuleBody').then(({ ModuleBody }) => ({ default: ModuleBody })),
);
const ModuleBody = body.Component;

/** Before hydration: the body's code and the module's copy, so the page hydrates in one pass. */
export async function prepareForHydration(pathname: string): Promise<void> {
  const module = findModule(pathname.split('/').pop());
  if (module) await Promise.all([body.preload(), loadModuleDetails(module.slug)]);
}

export default function ModulePage() {
  const module = findModule(useParams().slug);
  if (!module) return null;
  // Fetch the copy alongside the body's code rather than after it.
  void loadModuleDetails(module.slug);
  return (
    <>
      <ModuleHero module={module}>
        {module.unlockable ? (
          <Link to={`/unlock/${module.slug}`} className={buttonVariants({ size: 'lg' })}>
            <Play aria-hidden className="fill-current" />
            Start Training
          </Link>
        ) : null}
      </ModuleHero>
      <Suspense fallback={null}>
        <ModuleBody key={module.slug} slug={module.slug} />
      </Suspense>
    </>
  );
}
