import { useState } from 'react';

export type ClipboardCopyState = 'idle' | 'copied' | 'failed';

/** Copies `text` to the clipboard on `copy()`, and says how the last attempt went. */
export function useClipboardCopy(text: string): {
  copyState: ClipboardCopyState;
  copy: () => void;
} {
  const [copyState, setCopyState] = useState<ClipboardCopyState>('idle');
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopyState('copied'),
      () => setCopyState('failed'),
    );
  };
  return { copyState, copy };
}
