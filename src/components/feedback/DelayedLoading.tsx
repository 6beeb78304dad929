import { useEffect, useState } from 'react';

export const LOADING_DISPLAY_DELAY_MS = 100;

/** Nothing at first, then a loading indicator: a quick answer never flashes a spinner. */
export function DelayedLoading() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADING_DISPLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div role="status" className="container flex min-h-[50vh] items-center justify-center py-20">
      <span
        aria-hidden
        className="block h-8 w-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary motion-reduce:animate-none"
      />
      <span className="sr-only">Loading...</span>
    </div>
  );
}
