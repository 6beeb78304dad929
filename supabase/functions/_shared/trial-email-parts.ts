/** What the e-mails about a user's trial share: who it goes to, and how they are greeted. */
export interface TrialEmailOptions {
  to: string;
  name: string;
  expiresAt: string;
  siteUrl: string;
}

export function greeting(name: string): string {
  return name.trim() ? `Hello ${name.trim()},` : 'Hello,';
}
