import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useInteractive } from '@/lib/useInteractive';

/**
 * A form's submit button: disabled and relabelled while the form is busy, and disabled until the
 * page is interactive (see useInteractive).
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  const interactive = useInteractive();
  return (
    <Button type="submit" className="w-full" disabled={busy || !interactive}>
      {busy ? busyLabel : children}
    </Button>
  );
}
