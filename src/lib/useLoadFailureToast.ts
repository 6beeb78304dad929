import { useEffect, useRef } from 'react';
import { toast } from './toast';

/** Shows a destructive toast once per failure (not on every render or retry while it lasts). */
export function useLoadFailureToast(failed: boolean, [title, description]: [string, string]): void {
  const reported = useRef(false);
  useEffect(() => {
    if (failed && !reported.current) {
      reported.current = true;
      toast.error(title, description);
    }
    if (!failed) reported.current = false;
  }, [failed, title, description]);
}
