import type { ModuleDetails } from '@/content/modules';

// The same per-module chunks the module pages load (src/features/modules/moduleDetails.ts): a
// certificate's PDF carries its module's learning outcomes and nothing of the other nine.
const loaders = import.meta.glob<{ details: ModuleDetails }>('../../content/moduleDetails/*.ts');

/** The module's learning outcomes, in the order its page lists them (none for an unknown slug). */
export async function loadLearningOutcomes(slug: string): Promise<string[]> {
  const load = loaders[`../../content/moduleDetails/${slug}.ts`];
  if (!load) return [];
  const { details } = await load();
  return details.outcomes.flatMap((group) => [...group.items]);
}
