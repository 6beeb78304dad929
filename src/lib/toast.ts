/**
 * The app's one way to show a toast. Toasts are rare on marketing pages, so the toast library loads
 * with the first one (src/components/feedback/Toasts.tsx) and this module stays a few hundred bytes;
 * toasts raised while it loads are queued and shown in order.
 */
export type ToastVariant = 'success' | 'destructive';

export interface ToastMessage {
  variant: ToastVariant;
  title: string;
  description?: string;
}

type Listener = () => void;

let queue: ToastMessage[] = [];
let requested = false;
const listeners = new Set<Listener>();
let deliver: ((message: ToastMessage) => void) | undefined;

function show(message: ToastMessage): void {
  if (deliver) {
    deliver(message);
    return;
  }
  queue.push(message);
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
}

export const toast = {
  success(title: string, description?: string): void {
    show({ variant: 'success', title, description });
  },
  /** A destructive toast: a failure the user must read. */
  error(title: string, description?: string): void {
    show({ variant: 'destructive', title, description });
  },
};

/** For the toast outlet: whether the toaster is needed yet. */
export function subscribeToasterRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToasterRequested(): boolean {
  return requested;
}

/** Called by the mounted toaster: shows what was queued, then delivers directly. */
export function attachToaster(show: (message: ToastMessage) => void): () => void {
  const pending = queue;
  queue = [];
  deliver = show;
  for (const message of pending) show(message);
  return () => {
    if (deliver === show) deliver = undefined;
  };
}
