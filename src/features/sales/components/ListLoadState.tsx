/** A list's first read under way, or its failure when there is nothing earlier to show. */
export function ListLoadState({
  pending,
  failed,
  copy,
}: {
  pending: boolean;
  failed: boolean;
  copy: { loading: string; loadFailed: string };
}) {
  if (pending) return <p className="py-8 text-center text-muted-foreground">{copy.loading}</p>;
  if (!failed) return null;
  return (
    <p role="alert" className="py-8 text-center text-destructive">
      {copy.loadFailed}
    </p>
  );
}
