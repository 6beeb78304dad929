import { Check, Copy } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import type { ClipboardCopyState } from '@/lib/useClipboardCopy';

/** A copy-to-clipboard button whose label says "Copied" once the copy worked. */
export function CopyButton({
  copyState,
  onCopy,
  copy,
  ...buttonProps
}: {
  copyState: ClipboardCopyState;
  onCopy: () => void;
  copy: { copyLabel: string; copiedLabel: string };
} & Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const copied = copyState === 'copied';
  return (
    <Button {...buttonProps} onClick={onCopy}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? copy.copiedLabel : copy.copyLabel}
    </Button>
  );
}
