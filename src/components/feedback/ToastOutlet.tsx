import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterRequested, subscribeToasterRequest } from '@/lib/toast';

const Toasts = lazy(() => import('./Toasts'));

/** Mounts the toaster once the first toast is raised (see src/lib/toast.ts). */
export function ToastOutlet() {
  const requested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
