import { useEffect } from 'react';
import { toast as sonner } from 'sonner';
import { Toaster } from '@/components/ui/sonner';
import { attachToaster, type ToastMessage } from '@/lib/toast';

function showWithSonner({ variant, title, description, action }: ToastMessage): void {
  // A failure stays twice as long as a confirmation (and, like every toast, while hovered or focused).
  // One the user can act on stays until they do or close it: a button must not vanish under them.
  if (variant === 'destructive')
    sonner.error(title, {
      description,
      duration: action ? Infinity : 8000,
      action: action && { label: action.label, onClick: action.onClick },
    });
  else sonner.success(title, { description });
}

/** The toaster and the bridge from the app's toast helper to it. */
export default function Toasts() {
  // The Toaster (a child) subscribes to sonner in its own effect, which runs before this one, so
  // queued toasts are not dropped.
  useEffect(() => attachToaster(showWithSonner), []);
  return <Toaster />;
}
