// Dates as the e-mails and the certificate PDF write them: en-GB, as the day falls in London.
const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

/** '21 December 2026', in London time. */
export function londonLongDate(isoDate: string): string {
  return longDate.format(new Date(isoDate));
}
