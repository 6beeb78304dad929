/** What the e-mails about a user's trial share: who it goes to, and how they are greeted and dated. */
export interface TrialEmailOptions {
  to: string;
  name: string;
  expiresAt: string;
  siteUrl: string;
}

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

export function greeting(name: string): string {
  return name.trim() ? `Hello ${name.trim()},` : 'Hello,';
}

/** '21 December 2026', in London time. */
export function londonLongDate(isoDate: string): string {
  return longDate.format(new Date(isoDate));
}
