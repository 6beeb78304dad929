import { Check, Copy } from 'lucide-react';
import { CopyStatus } from '@/components/ui/copy-status';
import { Button } from '@/components/ui/button';
import { enrolmentPanel as copy } from '@/content/accountSecurity';
import { useClipboardCopy } from '@/lib/useClipboardCopy';

/** The secret in groups of four, easier to type into an app by hand, with a copy button. */
export function groupedKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

export function SetupKey({ secret }: { secret: string }) {
  const { copyState, copy: copyKey } = useClipboardCopy(secret);

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-secondary p-4">
        {/* Narrow screens put the button under the key rather than squeeze the key beside it. */}
        <div className="min-w-[12rem] flex-1">
          <p className="text-sm font-medium text-secondary-foreground">{copy.keyLabel}</p>
          <p
            className="mt-1 select-all break-words font-mono text-lg font-semibold tracking-wider"
            translate="no"
          >
            {groupedKey(secret)}
          </p>
        </div>
        <Button type="button" variant="outline" onClick={copyKey}>
          {copyState === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copyState === 'copied' ? copy.copiedLabel : copy.copyLabel}
        </Button>
      </div>
      <CopyStatus state={copyState} copy={copy} />
    </div>
  );
}
