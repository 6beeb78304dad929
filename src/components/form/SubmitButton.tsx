import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A form's submit button: disabled and relabelled while the form is busy. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" className="w-full" disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}
