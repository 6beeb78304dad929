import { Play } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { findModule, type TrainingModule } from '@/content/modules';
import { ModuleDetailsSections } from '../components/ModuleDetailsSections';
import { ModuleHero } from '../components/ModuleHero';
import { preloadModuleDetailsFor, useModuleDetails } from '../moduleDetails';

// In the browser, this page's module copy is fetched before the page first renders, so hydration
// finds it ready (the app preloads this chunk before hydrating; see src/app/main.tsx).
if (typeof window !== 'undefined') await preloadModuleDetailsFor(window.location.pathname);

export default function ModulePage() {
  const module = findModule(useParams().slug);
  if (!module) return null;
  return <ModuleContent key={module.slug} module={module} />;
}

function ModuleContent({ module }: { module: TrainingModule }) {
  const details = useModuleDetails(module.slug);
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
      <ModuleDetailsSections details={details} />
    </>
  );
}
