import { useEffect, useEffectEvent, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { trialCopy } from '@/content/trial';

/** The thank-you and confirmation dialogs close themselves after this long (SPEC.md section 9). */
export const THANK_YOU_AUTO_CLOSE_MS = 30_000;

/**
 * 'Thank You!' after a trial request. It closes itself after 30 seconds; `onClose` runs once
 * however it closes (the button, Escape, outside click or the timer).
 */
export function TrialThankYouDialog({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children?: ReactNode;
}) {
  const closeByTimer = useEffectEvent(onClose);

  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(closeByTimer, THANK_YOU_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{trialCopy.thankYou.title}</DialogTitle>
          <DialogDescription>{trialCopy.thankYou.description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
