import { Link } from '@/lib/links';

/**
 * Under a form that stores what is typed into it: what the details are for, and the way to the
 * privacy notice.
 */
export function PrivacyLine({ purpose }: { purpose: string }) {
  return (
    <p className="text-sm text-muted-foreground">
      {purpose}{' '}
      <Link
        to="/terms-and-conditions#privacy-policy"
        className="font-medium text-primary underline underline-offset-4"
      >
        Read our privacy notice
      </Link>
      .
    </p>
  );
}
