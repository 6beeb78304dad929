import { createRoot } from 'react-dom/client';
import Toasts from './Toasts';

/**
 * Mounts the toaster in a root of its own at the end of the body, once. The app's tree has no
 * toaster in it, so pages that never show a toast do not load one.
 */
export function mountToaster(): void {
  const host = document.createElement('div');
  host.dataset.toaster = '';
  document.body.append(host);
  createRoot(host).render(<Toasts />);
}
