import { useRef, type RefObject } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { organisationConfirm } from '@/content/organisation';

/**
 * A confirmation in front of a change (the admin pages' ConfirmAction, opened by its caller): it
 * says what the change does, and the change runs only on the confirm button. Cancelled, focus goes
 * back to the button that opened it; confirmed, that button's row is going, so focus goes to
 * `afterConfirm` (the panel's heading).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  afterConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  afterConfirm: RefObject<HTMLElement | null>;
}) {
  const confirmed = useRef(false);
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        onOpenAutoFocus={() => {
          confirmed.current = false;
        }}
        onCloseAutoFocus={(event) => {
          if (!confirmed.current || !afterConfirm.current) return;
          event.preventDefault();
          afterConfirm.current.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{organisationConfirm.cancel}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => {
              confirmed.current = true;
              onConfirm();
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
