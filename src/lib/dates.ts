/**
 * The app's one way to write a date (DESIGN.md section 6, UK conventions): en-GB, and the day and
 * time as they are in London (GMT or BST as the date falls), whatever the viewer's time zone.
 * Each function takes an ISO timestamp or a calendar date (YYYY-MM-DD, read as that day).
 */
const timeZone = 'Europe/London';

const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone,
});
const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone,
});
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });

// A calendar date parses as midnight UTC, which is the same day in London (00:00 GMT, 01:00 BST).
const toDate = (isoDateOrTimestamp: string) => new Date(isoDateOrTimestamp);

/** "13 Dec 2026": tables, cards and labels. */
export function formatDate(isoDateOrTimestamp: string): string {
  return shortDate.format(toDate(isoDateOrTimestamp));
}

/** "13 December 2026": where a sentence needs the date. */
export function formatLongDate(isoDateOrTimestamp: string): string {
  return longDate.format(toDate(isoDateOrTimestamp));
}

/** "13 Dec 2026, 09:05". */
export function formatDateTime(isoTimestamp: string): string {
  const moment = toDate(isoTimestamp);
  return `${shortDate.format(moment)}, ${time.format(moment)}`;
}
