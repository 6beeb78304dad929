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

const ukDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const ukTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** "13 Dec 2026" (DESIGN.md section 6, UK conventions), the day in London. */
export function formatUkDate(isoTimestamp: string): string {
  return ukDate.format(new Date(isoTimestamp));
}

/** "13 Dec 2026, 09:05": the day and the time in London (GMT or BST as the date falls). */
export function formatUkDateTime(isoTimestamp: string): string {
  const moment = new Date(isoTimestamp);
  return `${ukDate.format(moment)}, ${ukTime.format(moment)}`;
}
