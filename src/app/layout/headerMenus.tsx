import { useEffect, type ComponentType } from 'react';
import { preloadableLazy } from '@/lib/preloadableLazy';
import { whenInteracted } from '@/lib/whenNearViewport';

/**
 * The header's two menus (Solutions on wide screens, the Menu button on small ones) are in the
 * prerendered HTML from the start, but what makes them open, close and answer keys loads when the
 * visitor reaches for the header (a pointer over it, focus inside it) or first uses the page (a
 * press, key or touch anywhere). A first view that nobody touches never downloads it. A click on a menu button that comes before its code has
 * taken over the button is held, and dispatched again once it has.
 *
 * A page the browser renders itself (portal pages, their shells, the not-found shell) loads the
 * menus at once.
 */
const reachEvents = ['pointerover', 'pointermove', 'focusin'] as const;

let reach: () => void = () => {};
const reached = new Promise<void>((resolve) => {
  reach = resolve;
});
const root = typeof document === 'undefined' ? null : document.getElementById('root');
// A protected page's shell (data-shell) is the portal's: its code comes at once.
const prerendered = !!root?.firstElementChild && !root.hasAttribute('data-shell');
if (!prerendered) reach();
// Any press, key, touch or history step on the page too: a navigation while a menu still waits
// with its prerendered HTML would wait for it (see whenInteracted).
void whenInteracted().then(() => reach());

type MenuName = 'solutions' | 'mobile';
interface Readiness {
  promise: Promise<void>;
  resolve: () => void;
  settled: boolean;
}
const ready = new Map<MenuName, Readiness>();
function readiness(name: MenuName): Readiness {
  let entry = ready.get(name);
  if (!entry) {
    let done: () => void = () => {};
    const promise = new Promise<void>((resolve) => {
      done = resolve;
    });
    const created: Readiness = {
      promise,
      resolve: () => {
        created.settled = true;
        done();
      },
      settled: false,
    };
    entry = created;
    ready.set(name, entry);
  }
  return entry;
}

function deferredMenu(name: MenuName, load: () => Promise<ComponentType>) {
  return preloadableLazy(async () => {
    await reached;
    const Menu = await load();
    function ReadyMenu() {
      useEffect(() => readiness(name).resolve(), []);
      return <Menu />;
    }
    return { default: ReadyMenu };
  });
}

const solutions = deferredMenu('solutions', () =>
  import('@/components/layout/SolutionsMenu').then((module) => module.SolutionsMenu),
);
const mobile = deferredMenu('mobile', () =>
  import('@/components/layout/MobileNav').then((module) => module.MobileNav),
);
export const SolutionsMenu = solutions.Component;
export const MobileNav = mobile.Component;

/**
 * Loads both menus now, for a page that will re-render its header at once (a stored session being
 * restored): loaded before hydration, they hydrate with the rest of the header, whereas a menu
 * still waiting when the header re-rendered would lose its prerendered HTML for a moment.
 */
export function preloadHeaderMenus(): Promise<unknown> {
  reach();
  return Promise.all([solutions.preload(), mobile.preload()]);
}

/** Set while a held click is dispatched again, so that it is not held twice. */
let releasing = false;

/**
 * Starts loading the menus when the visitor reaches for `header`, and holds clicks on a menu
 * button that arrive before that menu's code (see above). Returns the cleanup.
 */
export function watchHeaderReach(header: HTMLElement): () => void {
  const onReach = () => reach();
  for (const type of reachEvents) {
    header.addEventListener(type, onReach, { capture: true, passive: true });
  }
  // On the document, in the capture phase: React's own listener on the root would otherwise stop
  // a click on markup it has not hydrated yet.
  const onClick = (event: MouseEvent) => {
    if (releasing || !(event.target instanceof Element) || !header.contains(event.target)) return;
    const button = event.target.closest('button');
    const name = button?.closest<HTMLElement>('[data-header-menu]')?.dataset.headerMenu;
    if (!button || (name !== 'solutions' && name !== 'mobile') || ready.get(name)?.settled) {
      return;
    }
    reach();
    event.preventDefault();
    event.stopPropagation();
    void readiness(name).promise.then(() => {
      releasing = true;
      button.dispatchEvent(new MouseEvent('click', event));
      releasing = false;
    });
  };
  document.addEventListener('click', onClick, true);
  return () => {
    for (const type of reachEvents) header.removeEventListener(type, onReach, true);
    document.removeEventListener('click', onClick, true);
  };
}
