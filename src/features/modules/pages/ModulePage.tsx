import { lazy, Suspense } from 'react';
import { Play } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { findModule } from '@/content/modules';
import { ModuleHero } from '../components/ModuleHero';
import { loadModuleDetails } from '../moduleDetails';

// Below the hero, each module's copy is its own chunk (ten modules' copy would not fit the page's
// first-view budget). It hydrates when it arrives, after the hero is already interactive; the
// prerendered HTML holds all of it from the start.
const ModuleBody = lazy(() =>
  import('../components/ModuleBody').then(({ ModuleBody }) => ({ default: ModuleBody })),
);

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
