/**
 * Resolves once the first element matching `selector` comes within `margin` of the viewport, so a
 * part of a page below the fold can fetch its code when the visitor scrolls towards it rather than
 * with the first view. Resolves at once where there is nothing to wait for: prerendering (no
 * document), a browser without IntersectionObserver, or no such element yet (a client-side
 * navigation renders the part before it is in the document).
 */
export function whenNearViewport(selector: string, margin = '600px'): Promise<void> {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined') {
    return Promise.resolve();
  }
  const element = document.querySelector(selector);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
  });
}
