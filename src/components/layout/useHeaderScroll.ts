import { useEffect, useState } from 'react';

/** Spec constants: the header compacts after 10 px, hides past 100 px, and reads scroll at most every 50 ms. */
export const HEADER_COMPACT_AFTER_PX = 10;
export const HEADER_HIDE_AFTER_PX = 100;
export const HEADER_SCROLL_DEBOUNCE_MS = 50;

export interface HeaderScrollState {
  compact: boolean;
  hidden: boolean;
}

/**
 * Tracks whether the sticky header should be compact (scrolled a little) or hidden (scrolling down
 * past the threshold). It reappears as soon as the user scrolls up.
 */
export function useHeaderScroll(): HeaderScrollState {
  const [state, setState] = useState<HeaderScrollState>({ compact: false, hidden: false });

  useEffect(() => {
    let lastY = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const update = () => {
      const y = window.scrollY;
      const direction = Math.sign(y - lastY);
      lastY = y;
      setState((previous) => {
        const compact = y > HEADER_COMPACT_AFTER_PX;
        let hidden = previous.hidden;
        if (y <= HEADER_HIDE_AFTER_PX || direction < 0) hidden = false;
        else if (direction > 0) hidden = true;
        return previous.compact === compact && previous.hidden === hidden
          ? previous
          : { compact, hidden };
      });
    };

    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(update, HEADER_SCROLL_DEBOUNCE_MS);
    };

    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  return state;
}
