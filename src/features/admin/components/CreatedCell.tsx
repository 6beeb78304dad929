import { formatDate } from '@/lib/dates';

/** When a row was created (its day in London) and by whom, when the creator is still known. */
export function CreatedCell({
  createdAt,
  createdByEmail,
  createdBy,
}: {
  createdAt: string;
  createdByEmail: string | null;
  createdBy: (email: string) => string;
}) {
  return (
    <>
      {formatDate(createdAt)}
      {createdByEmail ? (
        <span className="block text-xs text-muted-foreground">{createdBy(createdByEmail)}</span>
      ) : null}
    </>
  );
}
