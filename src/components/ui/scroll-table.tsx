import type { ReactNode } from 'react';

/**
 * A data table in a scrolling region: focusable, so keyboard users can scroll a table wider than a
 * small screen, and named by the table's caption. `children` are the body rows; `after` shows
 * inside the region under the table (an empty list's message).
 */
export function ScrollTable({
  caption,
  headers,
  children,
  after,
}: {
  caption: string;
  headers: readonly string[];
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region
      tabIndex={0}
      className="overflow-x-auto rounded-lg border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
      {after}
    </div>
  );
}
