/**
 * What counts as the visitor using the page: after any of these, every part that waits for them
 * loads. A client-side navigation re-renders whatever listens to the location, and a part still
 * waiting with its prerendered HTML would hold that navigation back, so a press, a key, a touch
 * or a step through the history releases them all.
 */
const interactions = ['pointerdown', 'keydown', 'touchstart', 'popstate'] as const;
/** What tells a part that the visitor is heading down the page. */
const scrolls = ['scroll', 'wheel'] as const;

let interacted = false;
const waitingForInteraction = new Set<() => void>();

function onInteraction(): void {
  interacted = true;
  for (const type of interactions) window.removeEventListener(type, onInteraction, true);
  for (const release of waitingForInteraction) release();
  waitingForInteraction.clear();
}

/**
 * Releases every waiting part now, as the first interaction would: for a visitor whose session is
 * being restored, whose signed-in header would otherwise re-render the page around parts still
 * waiting with their prerendered HTML, and React would replace those with their fallbacks.
 */
export function releaseDeferredParts(): void {
  if (typeof window !== 'undefined' && !interacted) onInteraction();
}

/** Whether the waiting parts have been released (by the visitor, or releaseDeferredParts). */
export function deferredPartsReleased(): boolean {
  return interacted;
}

/** Resolves at the visitor's first press, key, touch or history step (at once on the server). */
export function whenInteracted(): Promise<void> {
  if (interacted || typeof window === 'undefined') return Promise.resolve();
  if (waitingForInteraction.size === 0) {
    for (const type of interactions) {
      window.addEventListener(type, onInteraction, { capture: true, passive: true });
    }
  }
  return new Promise((resolve) => waitingForInteraction.add(resolve));
}

/**
 * Resolves once the first element matching `selector` is on screen, or within `margin` of the
 * viewport once the visitor has scrolled, or at the visitor's first press, key or touch, so that a
 * part of a page below the first screen fetches its code when the visitor heads towards it rather
 * than with the first view. Counting the margin only after a scroll keeps the first view the same
 * on every screen: a taller or wider one would otherwise fetch the next part as well. Resolves at
 * once where there is nothing to wait for: prerendering (no document), a browser without
 * IntersectionObserver, or no such element yet (a client-side navigation renders the part before it
 * is in the document); and when the element leaves the document unseen.
 */
export function whenNearViewport(selector: string, margin = '600px'): Promise<void> {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined') {
    return Promise.resolve();
  }
  const element = document.querySelector(selector);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    let near = false;
    let scrolled = false;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      observer.disconnect();
      removal.disconnect();
      for (const type of scrolls) window.removeEventListener(type, onScroll, true);
      resolve();
    };
    const onScroll = () => {
      scrolled = true;
      if (near) done();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (!entry) return;
        near = entry.isIntersecting;
        if (near && (scrolled || onScreen(entry.boundingClientRect))) done();
      },
      { rootMargin: `${margin} 0px` },
    );
    const removal = new MutationObserver(() => {
      if (!element.isConnected) done();
    });
    for (const type of scrolls) {
      window.addEventListener(type, onScroll, { capture: true, passive: true });
    }
    observer.observe(element);
    removal.observe(document.body, { childList: true, subtree: true });
    void whenInteracted().then(done);
  });
}

function onScreen(rect: DOMRectReadOnly): boolean {
  return rect.bottom > 0 && rect.top < window.innerHeight;
}
