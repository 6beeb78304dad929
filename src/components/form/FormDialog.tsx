import { Fragment, useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { FieldError } from './FormField';

/**
 * A dialog about one record, open while there is one: its content is keyed by the record, so each
 * opening starts with a fresh form. Opened without a trigger, it puts focus back where the page
 * says when it closes (`onCloseAutoFocus`: focus the button that opened it, and prevent the
 * default).
 */
export function RecordDialog<Row extends { id: string }>({
  record,
  onClose,
  onCloseAutoFocus,
  className,
  children,
}: {
  record: Row | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
  className?: string;
  children: (record: Row) => ReactNode;
}) {
  return (
    <Dialog open={record !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className={className} onCloseAutoFocus={onCloseAutoFocus}>
        {record ? <Fragment key={record.id}>{children(record)}</Fragment> : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The end of a dialog's form: the server's refusal, announced as it appears (what was typed stays
 * in the fields), then Cancel and the submit button, relabelled while it is busy.
 */
export function FormDialogFooter({
  serverError,
  cancelLabel,
  submitLabel,
  busyLabel,
  busy,
  destructive = false,
}: {
  serverError: string | undefined;
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  destructive?: boolean;
}) {
  const serverErrorId = useId();
  return (
    <>
      {serverError ? (
        <div role="alert">
          <FieldError id={serverErrorId}>{serverError}</FieldError>
        </div>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {cancelLabel}
          </Button>
        </DialogClose>
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
