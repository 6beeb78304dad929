/**
 * What a list read at once shows under its rows: that it is empty, that it is loading, or that it
 * could not be loaded (while nothing was loaded before).
 */
export function ListMessages({
  rows,
  isPending,
  isError,
  copy,
}: {
  rows: readonly unknown[] | undefined;
  isPending: boolean;
  isError: boolean;
  copy: { empty: string; loading: string; loadFailed: string };
}) {
  return (
    <>
      {rows?.length === 0 ? (
        <p className="px-4 py-8 text-center text-muted-foreground">{copy.empty}</p>
      ) : null}
      {isPending ? (
        <p className="px-4 py-8 text-center text-muted-foreground">{copy.loading}</p>
      ) : null}
      {isError && !rows ? (
        <p role="alert" className="px-4 py-8 text-center text-destructive">
          {copy.loadFailed}
        </p>
      ) : null}
    </>
  );
}
