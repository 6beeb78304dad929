import { Suspense } from 'react';
import { Play } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { Link } from '@/lib/links';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { findModule, isModuleSlug, type ModuleSlug } from '@/content/modules';
import { preloadableLazy } from '@/lib/preloadableLazy';
import { deferredPartsReleased, whenNearViewport } from '@/lib/whenNearViewport';
import { ModuleHero } from '../components/ModuleHero';
import { loadModuleDetails } from '../moduleDetails';

// Below the hero, each module's copy is its own chunk (ten modules' copy would not fit the page's
// first-view budget). The body's code and copy load when the visitor heads towards it: until then
// its prerendered HTML stands, unhydrated; after a client-side navigation it renders as soon as
// they arrive.
let bodyRequested = false;
const body = preloadableLazy<{ slug: ModuleSlug }>(async () => {
  await whenNearViewport('[data-module-body]');
  bodyRequested = true;
  // The prerendered page's copy, fetched alongside the body's code rather than after it.
  const slug =
    typeof document === 'undefined'
      ? undefined
      : document.querySelector('[data-module-body]')?.getAttribute('data-module-body');
  if (slug && isModuleSlug(slug)) void loadModuleDetails(slug);
  const { ModuleBody } = await import('../components/ModuleBody');
  return { default: ModuleBody };
});
const ModuleBody = body.Component;

/**
 * Before hydration, when the page's waiting parts are released at once (a stored session is being
 * restored, which re-renders the page around them): the body's code and copy, so the body
 * hydrates with the page instead of losing its prerendered HTML.
 */
export async function prepareForHydration(pathname: string): Promise<void> {
  if (!deferredPartsReleased()) return;
  const module = findModule(pathname.split('/').pop());
  if (module) await Promise.all([body.preload(), loadModuleDetails(module.slug)]);
}

export default function ModulePage() {
  const module = findModule(useParams().slug);
  if (!module) return null;
  // Once the body's code is wanted, fetch the copy alongside it rather than after it.
  if (bodyRequested) void loadModuleDetails(module.slug);
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
      <div data-module-body={module.slug}>
        <Suspense fallback={null}>
          <ModuleBody key={module.slug} slug={module.slug} />
        </Suspense>
      </div>
    </>
  );
}
