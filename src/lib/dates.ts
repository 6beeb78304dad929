const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** "21 November 2026", for a calendar date written as YYYY-MM-DD. */
export function formatLongDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** "Nov 22, 2026" (SPEC.md: short month, day and year in US English), in the viewer's time zone. */
export function formatShortDate(isoTimestamp: string): string {
  return shortDate.format(new Date(isoTimestamp));
}
