/**
 * The app's one way to show a toast. Toasts are rare on marketing pages, so the toast library and
 * its toaster load with the first one (src/components/feedback/mountToaster.tsx, a small React root
 * of its own) and this module stays a few hundred bytes; toasts raised while it loads are queued and
 * shown in order.
 */
export type ToastVariant = 'success' | 'destructive';

/** A button in the toast (Try again): it runs `onClick` and closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastMessage {
  variant: ToastVariant;
  title: string;
  description?: string;
  action?: ToastAction;
}

let queue: ToastMessage[] = [];
let mounting = false;
let deliver: ((message: ToastMessage) => void) | undefined;

/** Loads and mounts the toaster; replaced in unit tests. */
let mountToaster = (): void => {
  void import('@/components/feedback/mountToaster').then((module) => module.mountToaster());
};

function show(message: ToastMessage): void {
  if (deliver) {
    deliver(message);
    return;
  }
  queue.push(message);
  if (!mounting) {
    mounting = true;
    mountToaster();
  }
}

export const toast = {
  success(title: string, description?: string): void {
    show({ variant: 'success', title, description });
  },
  /** A destructive toast: a failure the user must read, with a way to try again if given. */
  error(title: string, description?: string, action?: ToastAction): void {
    show({ variant: 'destructive', title, description, ...(action ? { action } : {}) });
  },
};

/** Called by the mounted toaster: shows what was queued, then delivers directly. */
export function attachToaster(showToast: (message: ToastMessage) => void): () => void {
  const pending = queue;
  queue = [];
  deliver = showToast;
  for (const message of pending) showToast(message);
  return () => {
    if (deliver === showToast) deliver = undefined;
  };
}

/** For unit tests: observe the toaster being asked for instead of loading it. */
export function setToasterMount(mount: () => void): void {
  mountToaster = mount;
}
