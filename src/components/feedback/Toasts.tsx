import { useEffect } from 'react';
import { toast as sonner } from 'sonner';
import { Toaster } from '@/components/ui/sonner';
import { attachToaster, type ToastMessage } from '@/lib/toast';

function showWithSonner({ variant, title, description }: ToastMessage): void {
  // A failure stays twice as long as a confirmation (and, like every toast, while hovered or focused).
  if (variant === 'destructive') sonner.error(title, { description, duration: 8000 });
  else sonner.success(title, { description });
}

/** The toaster and the bridge from the app's toast helper to it. */
export default function Toasts() {
  // The Toaster (a child) subscribes to sonner in its own effect, which runs before this one, so
  // queued toasts are not dropped.
  useEffect(() => attachToaster(showWithSonner), []);
  return <Toaster />;
}
