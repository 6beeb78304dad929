import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/**
 * The one showing of something the server keeps no copy of (a new access code, an LRS client's
 * secret). A click outside does not close it (what it shows would be lost); Escape, Close and Done
 * do. Its content is a ShownOnceContent, keyed by what it shows so each showing starts afresh.
 */
export function ShownOnceDialog({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent onInteractOutside={(event) => event.preventDefault()}>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's title and description, what it shows, the warning that it is shown once, and Done. */
export function ShownOnceContent({
  title,
  description,
  notShownAgain,
  doneLabel,
  actions,
  status,
  children,
}: {
  title: string;
  description: string;
  notShownAgain: string;
  doneLabel: string;
  /** Buttons beside Done (a copy button). */
  actions?: ReactNode;
  /** How the last copy went (a CopyStatus), under the warning. */
  status?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <p className="text-sm font-medium text-foreground">{notShownAgain}</p>
      {status}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{doneLabel}</Button>
        </DialogClose>
        {actions}
      </DialogFooter>
    </>
  );
}
