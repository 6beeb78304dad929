import { use } from 'react';
import type { ModuleDetails, ModuleSlug } from '@/content/modules';

// One chunk per module, so a module page carries its own copy and not the other nine's.
const loaders = import.meta.glob<{ details: ModuleDetails }>('../../content/moduleDetails/*.ts');

/** A load that says, once done, that it is: React's use() then reads it without suspending. */
type DetailsLoad = Promise<ModuleDetails> & { status?: 'fulfilled'; value?: ModuleDetails };

const loads = new Map<ModuleSlug, DetailsLoad>();

export function loadModuleDetails(slug: ModuleSlug): Promise<ModuleDetails> {
  let promise = loads.get(slug);
  if (!promise) {
    const load = loaders[`../../content/moduleDetails/${slug}.ts`];
    if (!load) return Promise.reject(new Error(`No details for module "${slug}"`));
    const started: DetailsLoad = load().then(({ details }) => {
      started.status = 'fulfilled';
      started.value = details;
      return details;
    });
    promise = started;
    loads.set(slug, promise);
  }
  return promise;
}

/**
 * A module's details; suspends while they load (prerendering waits for them). use() is called on
 * every render, loaded or not: React requires a component that suspended on it to call it again.
 */
export function useModuleDetails(slug: ModuleSlug): ModuleDetails {
  return use(loadModuleDetails(slug));
}
