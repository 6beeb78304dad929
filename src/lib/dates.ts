/**
 * The app's one way to write a date (DESIGN.md section 6, UK conventions): en-GB, and the day and
 * time as they are in London (GMT or BST as the date falls), whatever the viewer's time zone.
 * Each function takes an ISO timestamp or a calendar date (YYYY-MM-DD, read as that day).
 */
const timeZone = 'Europe/London';

/**
 * A formatter made on first use: making one takes a slow phone tens of milliseconds (it loads the
 * locale's and the time zone's data), and a page's first render must not pay for dates it does not
 * show.
 */
function londonFormat(
  options: Intl.DateTimeFormatOptions,
  locale = 'en-GB',
): (moment: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (moment) =>
    (format ??= new Intl.DateTimeFormat(locale, { ...options, timeZone })).format(moment);
}

const shortDate = londonFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const longDate = londonFormat({ day: 'numeric', month: 'long', year: 'numeric' });
const time = londonFormat({ hour: '2-digit', minute: '2-digit' });

// A calendar date parses as midnight UTC, which is the same day in London (00:00 GMT, 01:00 BST).
const toDate = (isoDateOrTimestamp: string) => new Date(isoDateOrTimestamp);

/** "13 Dec 2026": tables, cards and labels. */
export function formatDate(isoDateOrTimestamp: string): string {
  return shortDate(toDate(isoDateOrTimestamp));
}

/** "13 December 2026": where a sentence needs the date. */
export function formatLongDate(isoDateOrTimestamp: string): string {
  return longDate(toDate(isoDateOrTimestamp));
}

/** "13 Dec 2026, 09:05". */
export function formatDateTime(isoTimestamp: string): string {
  const moment = toDate(isoTimestamp);
  return `${shortDate(moment)}, ${time(moment)}`;
}

// en-CA writes a date as YYYY-MM-DD.
const isoDayFormat = londonFormat({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA');

/** "2026-12-13", the day it is in London at `moment`: in a download's file name. */
export function isoDay(moment: Date): string {
  return isoDayFormat(moment);
}
