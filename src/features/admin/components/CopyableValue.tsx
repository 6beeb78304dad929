import { CopyStatus } from '@/components/ui/copy-status';
import { useClipboardCopy } from '@/lib/useClipboardCopy';
import { CopyButton } from './CopyButton';

export interface CopyableValueCopy {
  label: string;
  copyLabel: string;
  copiedLabel: string;
  /** Announced when the copy worked (the button's new label alone is not announced). */
  copiedAnnouncement: string;
  copyFailed: string;
}

/**
 * A value to hand on to someone or something else (an address, a key, a secret): its label (a
 * section's heading when `heading`), the value in full and selectable, a copy button, an optional
 * hint, and how the copy went.
 */
export function CopyableValue({
  value,
  copy,
  hint,
  heading = false,
}: {
  value: string;
  copy: CopyableValueCopy;
  hint?: string;
  heading?: boolean;
}) {
  const { copyState, copy: copyValue } = useClipboardCopy(value);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        {heading ? (
          <h2 className="text-xl font-semibold text-brand-ink">{copy.label}</h2>
        ) : (
          <p className="text-sm font-medium text-foreground">{copy.label}</p>
        )}
        <CopyButton
          variant="outline"
          size="sm"
          copyState={copyState}
          onCopy={copyValue}
          copy={copy}
        />
      </div>
      <p
        className="select-all break-all rounded-md border bg-secondary px-3 py-2 font-mono text-sm text-secondary-foreground"
        translate="no"
      >
        {value}
      </p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      <CopyStatus state={copyState} copy={copy} />
    </div>
  );
}
