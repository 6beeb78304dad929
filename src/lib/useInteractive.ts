import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while a page is only its prerendered HTML (the prerender, and hydration), true once React
 * runs it. A form's submit button waits for it: submitted before the app's code has attached its
 * handler, the browser would send the form itself, as a GET, its password in the address.
 */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
