import { use } from 'react';
import type { ModuleDetails, ModuleSlug } from '@/content/modules';

// One chunk per module, so a module page carries its own copy and not the other nine's.
const loaders = import.meta.glob<{ details: ModuleDetails }>('../../content/moduleDetails/*.ts');

const pending = new Map<ModuleSlug, Promise<ModuleDetails>>();
const loaded = new Map<ModuleSlug, ModuleDetails>();

export function loadModuleDetails(slug: ModuleSlug): Promise<ModuleDetails> {
  let promise = pending.get(slug);
  if (!promise) {
    const load = loaders[`../../content/moduleDetails/${slug}.ts`];
    if (!load) return Promise.reject(new Error(`No details for module "${slug}"`));
    promise = load().then(({ details }) => {
      loaded.set(slug, details);
      return details;
    });
    pending.set(slug, promise);
  }
  return promise;
}

/** A module's details; suspends while they load (prerendering waits for them). */
export function useModuleDetails(slug: ModuleSlug): ModuleDetails {
  return loaded.get(slug) ?? use(loadModuleDetails(slug));
}
