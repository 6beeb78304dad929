import { Check, Copy } from 'lucide-react';
import { CopyStatus } from '@/components/ui/copy-status';
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
import { issuedCodeDialog as copy } from '@/content/accessCodes';
import type { IssuedAccessCode } from '../api';
import { useClipboardCopy } from '@/lib/useClipboardCopy';

/**
 * The one showing of a new access code, with a copy button. A click outside does not close it (the
 * code would be lost); Escape, Close and Done do.
 */
export function IssuedCodeDialog({
  issued,
  onClose,
}: {
  issued: IssuedAccessCode | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={issued !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent onInteractOutside={(event) => event.preventDefault()}>
        {issued ? <IssuedCode key={issued.access_code.id} issued={issued} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function IssuedCode({ issued }: { issued: IssuedAccessCode }) {
  const { copyState, copy: copyCode } = useClipboardCopy(issued.code);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{copy.title}</DialogTitle>
        <DialogDescription>{copy.description(issued.access_code.organisation)}</DialogDescription>
      </DialogHeader>
      <div className="rounded-lg border bg-secondary p-4">
        <p className="text-sm font-medium text-secondary-foreground">{copy.codeLabel}</p>
        <p
          className="mt-2 select-all break-all font-mono text-2xl font-semibold tracking-wider sm:text-3xl"
          translate="no"
        >
          {issued.code}
        </p>
      </div>
      <p className="text-sm font-medium text-foreground">{copy.notShownAgain}</p>
      <CopyStatus state={copyState} copy={copy} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{copy.doneLabel}</Button>
        </DialogClose>
        <Button onClick={copyCode}>
          {copyState === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copyState === 'copied' ? copy.copiedLabel : copy.copyLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
