import type { ClipboardCopyState } from '@/lib/useClipboardCopy';

/** Announces how the last copy to the clipboard went (a live region, so screen readers hear it). */
export function CopyStatus({
  state,
  copy,
}: {
  state: ClipboardCopyState;
  copy: { copiedAnnouncement: string; copyFailed: string };
}) {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {state === 'copied' ? copy.copiedAnnouncement : state === 'failed' ? copy.copyFailed : ''}
    </p>
  );
}
