import type { ModuleSlug } from '@/content/modules';
import { useModuleDetails } from '../moduleDetails';
import { ModuleDetailsSections } from './ModuleDetailsSections';

/** A module page below its hero: the module's details, from their own chunk. */
export function ModuleBody({ slug }: { slug: ModuleSlug }) {
  return <ModuleDetailsSections details={useModuleDetails(slug)} />;
}
