import { CopyStatus } from '@/components/ui/copy-status';
import { issuedCodeDialog as copy } from '@/content/accessCodes';
import type { IssuedAccessCode } from '../api';
import { useClipboardCopy } from '@/lib/useClipboardCopy';
import { CopyButton } from './CopyButton';
import { ShownOnceContent, ShownOnceDialog } from './ShownOnceDialog';

/** The one showing of a new access code, with a copy button. */
export function IssuedCodeDialog({
  issued,
  onClose,
}: {
  issued: IssuedAccessCode | null;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog open={issued !== null} onClose={onClose}>
      {issued ? <IssuedCode key={issued.access_code.id} issued={issued} /> : null}
    </ShownOnceDialog>
  );
}

function IssuedCode({ issued }: { issued: IssuedAccessCode }) {
  const { copyState, copy: copyCode } = useClipboardCopy(issued.code);

  return (
    <ShownOnceContent
      title={copy.title}
      description={copy.description(issued.access_code.organisation)}
      notShownAgain={copy.notShownAgain}
      doneLabel={copy.doneLabel}
      status={<CopyStatus state={copyState} copy={copy} />}
      actions={<CopyButton copyState={copyState} onCopy={copyCode} copy={copy} />}
    >
      <div className="rounded-lg border bg-secondary p-4">
        <p className="text-sm font-medium text-secondary-foreground">{copy.codeLabel}</p>
        <p
          className="mt-2 select-all break-all font-mono text-2xl font-semibold tracking-wider sm:text-3xl"
          translate="no"
        >
          {issued.code}
        </p>
      </div>
    </ShownOnceContent>
  );
}
