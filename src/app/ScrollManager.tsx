import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export const HASH_SCROLL_DELAY_MS = 100;
/** How long to wait for a hash target whose page is still loading before giving up. */
const HASH_TARGET_WAIT_MS = 5_000;

/** On every path change: back to the top, or smoothly to the hash target once the page has rendered. */
export function ScrollManager() {
  const { pathname, hash } = useLocation();

  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let observer: MutationObserver | undefined;
    let giveUp: ReturnType<typeof setTimeout> | undefined;

    const scrollToTarget = (target: HTMLElement) => {
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    };

    const delay = setTimeout(() => {
      const target = document.getElementById(id);
      if (target) return scrollToTarget(target);
      // The page's code may still be loading: scroll as soon as the target appears.
      observer = new MutationObserver(() => {
        const appeared = document.getElementById(id);
        if (!appeared) return;
        observer?.disconnect();
        clearTimeout(giveUp);
        scrollToTarget(appeared);
      });
      observer.observe(document.body, { childList: true, subtree: true });
      giveUp = setTimeout(() => observer?.disconnect(), HASH_TARGET_WAIT_MS);
    }, HASH_SCROLL_DELAY_MS);

    return () => {
      clearTimeout(delay);
      clearTimeout(giveUp);
      observer?.disconnect();
    };
  }, [pathname, hash]);

  return null;
}
